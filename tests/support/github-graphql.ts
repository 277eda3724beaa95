// GraphQL as the GitHub stand-in (github-stand-in.ts) reads it: as much of the language as the
// editor's and Sveltia's queries use (spec sections 2 and 6), a document parsed with its
// variables filled in, then executed against objects whose fields are values or functions of
// their arguments (github-repository.ts gives the repository's).

type Value = unknown;
interface Field {
  alias?: string;
  name: string;
  args: Record<string, Value>;
  selections?: Selection[];
}
type Selection = Field | { on: string; selections: Selection[] };

export function parseDocument(source: string, variables: Record<string, Value>) {
  const tokens = source.match(
    /"(?:\\.|[^"\\])*"|\.\.\.|[$]?[_A-Za-z][_0-9A-Za-z]*|-?\d+(?:\.\d+)?|[{}()[\]:!=@]/g,
  );
  if (!tokens) throw new Error("Empty document");
  let i = 0;
  const peek = () => tokens[i];
  const take = (expected?: string) => {
    const token = tokens[i++];
    if (token === undefined || (expected !== undefined && token !== expected)) {
      throw new Error(
        `Parse error: expected ${expected ?? "a token"}, found ${token ?? "the end"}`,
      );
    }
    return token;
  };
  const value = (): Value => {
    const token = take();
    if (token.startsWith("$")) return variables[token.slice(1)];
    if (token.startsWith('"')) return JSON.parse(token);
    if (/^-?\d/.test(token)) return Number(token);
    if (token === "true" || token === "false") return token === "true";
    if (token === "null") return null;
    if (token === "[") {
      const list: Value[] = [];
      while (peek() !== "]") list.push(value());
      take("]");
      return list;
    }
    if (token === "{") {
      const object: Record<string, Value> = {};
      while (peek() !== "}") {
        const key = take();
        take(":");
        object[key] = value();
      }
      take("}");
      return object;
    }
    return token;
  };
  const selectionSet = (): Selection[] => {
    take("{");
    const list: Selection[] = [];
    while (peek() !== "}") {
      if (peek() === "...") {
        take("...");
        take("on");
        const on = take();
        list.push({ on, selections: selectionSet() });
        continue;
      }
      let name = take();
      let alias: string | undefined;
      if (peek() === ":") {
        take(":");
        alias = name;
        name = take();
      }
      const args: Record<string, Value> = {};
      if (peek() === "(") {
        take("(");
        while (peek() !== ")") {
          const key = take();
          take(":");
          args[key] = value();
        }
        take(")");
      }
      list.push({
        ...(alias ? { alias } : {}),
        name,
        args,
        ...(peek() === "{" ? { selections: selectionSet() } : {}),
      });
    }
    take("}");
    return list;
  };
  let kind = "query";
  if (peek() === "query" || peek() === "mutation") {
    kind = take();
    if (peek() !== "(" && peek() !== "{") take();
    if (peek() === "(") {
      while (take() !== ")") {
        /* the variables' definitions: their values come with the request */
      }
    }
  }
  const selections = selectionSet();
  if (i !== tokens.length) throw new Error("One operation per document, please");
  return { kind, selections };
}

/** An object a query reaches: its type name, and each field a value or a function of its arguments. */
export type Resolved = { __typename: string; [field: string]: unknown } | null;

export function execute(object: Resolved, selections: Selection[]): Record<string, unknown> | null {
  if (!object) return null;
  const out: Record<string, unknown> = {};
  for (const selection of selections) {
    if ("on" in selection) {
      if (selection.on === object.__typename)
        Object.assign(out, execute(object, selection.selections));
      continue;
    }
    const raw = object[selection.name];
    if (raw === undefined)
      throw new Error(`Field '${selection.name}' doesn't exist on type '${object.__typename}'`);
    const value = typeof raw === "function" ? raw(selection.args) : raw;
    const key = selection.alias ?? selection.name;
    if (!selection.selections) out[key] = value;
    else if (Array.isArray(value))
      out[key] = value.map((v) => execute(v as Resolved, selection.selections as Selection[]));
    else out[key] = execute(value as Resolved, selection.selections);
  }
  return out;
}
