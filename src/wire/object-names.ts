/**
 * How code reaches a Durable Object: by its name (a match's, tournament's or connected bot's random id;
 * the fixed name of a single object such as REGISTRY_NAME). Every layer above (objects, http, pages,
 * the entry) builds its stubs here. Generic over the namespace, so the wire knows no object's type.
 */

/** The stub of the object `name` in `namespace` (created on its first call). */
export function objectNamed<T extends Rpc.DurableObjectBranded | undefined>(namespace: DurableObjectNamespace<T>, name: string): DurableObjectStub<T> {
  return namespace.get(namespace.idFromName(name));
}
