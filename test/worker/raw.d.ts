/** Vite's `?raw` imports: the file's text (used to replay the README's examples). */
declare module "*?raw" {
  const text: string;
  export default text;
}
