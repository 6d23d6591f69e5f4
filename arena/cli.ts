/** Entry point of `npm run arena`: see arena/main.ts for the commands. The engine answers from books/*.bin. */
import { installBookFiles } from "./books.ts";
import { main } from "./main.ts";

installBookFiles();

process.exitCode = await main(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  progress: process.stderr.isTTY === true,
});
