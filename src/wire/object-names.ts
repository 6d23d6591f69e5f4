/**
 * How code reaches a Durable Object: by its name (a match's, tournament's or connected bot's random id;
 * the fixed name of a single object such as REGISTRY_NAME). Every layer above (objects, http, pages,
 * the entry) builds its stubs here. Typed by the namespace's shape alone: the wire knows no object's
 * type, and also compiles under Node, without the Workers types.
 */

/** What objectNamed asks of a Durable Object namespace. */
interface Namespace<Id, Stub> {
  idFromName(name: string): Id;
  get(id: Id): Stub;
}

/** The stub of the object `name` in `namespace` (created on its first call). */
export function objectNamed<Id, Stub>(namespace: Namespace<Id, Stub>, name: string): Stub {
  return namespace.get(namespace.idFromName(name));
}
