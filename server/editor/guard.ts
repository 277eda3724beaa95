// What the editor may ask GitHub through the site's proxy (decision 018): reads of the one
// repository, and commits (GraphQL createCommitOnBranch, the one way Sveltia CMS writes) that
// add, change or delete only the owner's files under content/. Anything else is refused with a
// message the editor shows. Pure and linear in the size of the request.

/** The owner's files: the content and its photos (content/photos). */
export const editablePrefix = "content/";

/** Longest path the editor writes; GitHub's own limit is far above any content file's. */
const maxPathLength = 300;

/**
 * Whether a path in a commit is one of the owner's files: under content/, written plainly (no
 * "." or ".." segment, no empty segment, no backslash or control character), so it names the
 * same file for GitHub as for this check.
 */
export function editablePath(path: unknown): path is string {
  if (typeof path !== "string" || path.length > maxPathLength) return false;
  if (!path.startsWith(editablePrefix)) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (/[\u0000-\u001f\u007f\\]/.test(path)) return false;
  return path
    .slice(editablePrefix.length)
    .split("/")
    .every((segment) => segment !== "" && segment !== "." && segment !== "..");
}

/** The commit's headline, naming the owner: "Content: <what the editor said> by <email>". */
export function ownerMessage(headline: unknown, email: string): string {
  const said =
    typeof headline === "string"
      ? headline
          // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
          .replace(/[\u0000-\u001f\u007f]+/g, " ")
          .trim()
          .replace(/^Content:\s*/i, "")
          .slice(0, 200)
      : "";
  return `Content: ${said || "changed in the editor"} by ${email}`;
}

/** A refusal: the status and the message the editor shows. */
export interface Refusal {
  status: 400 | 403;
  message: string;
}

const refused = (message: string): Refusal => ({ status: 403, message });
const malformed = (message: string): Refusal => ({ status: 400, message });

interface Token {
  kind: "name" | "punct" | "string" | "number" | "variable";
  text: string;
}

/**
 * GraphQL's tokens (spec section 2.1), each read once: names, punctuators, strings (block
 * strings too), numbers, `$variables`; commas, blanks and comments skipped. Null when the text
 * is not GraphQL.
 */
export function graphqlTokens(source: string): Token[] | null {
  const tokens: Token[] = [];
  let i = 0;
  const n = source.length;
  while (i < n) {
    const ch = source[i] as string;
    if (ch === " " || ch === "\t" || ch === "\n" || ch === "\r" || ch === "," || ch === "\ufeff") {
      i++;
    } else if (ch === "#") {
      while (i < n && source[i] !== "\n" && source[i] !== "\r") i++;
    } else if (/[A-Za-z_]/.test(ch)) {
      const start = i;
      while (i < n && /\w/.test(source[i] as string)) i++;
      tokens.push({ kind: "name", text: source.slice(start, i) });
    } else if (ch === "$") {
      const start = ++i;
      while (i < n && /\w/.test(source[i] as string)) i++;
      if (i === start) return null;
      tokens.push({ kind: "variable", text: source.slice(start, i) });
    } else if (ch === '"') {
      const start = i;
      if (source.startsWith('"""', i)) {
        const end = source.indexOf('"""', i + 3);
        if (end < 0) return null;
        i = end + 3;
      } else {
        i++;
        while (i < n && source[i] !== '"') {
          if (source[i] === "\n") return null;
          i += source[i] === "\\" ? 2 : 1;
        }
        if (i >= n) return null;
        i++;
      }
      tokens.push({ kind: "string", text: source.slice(start, i) });
    } else if (/[-\d]/.test(ch)) {
      const start = i++;
      while (i < n && /[\d.eE+-]/.test(source[i] as string)) i++;
      tokens.push({ kind: "number", text: source.slice(start, i) });
    } else if (source.startsWith("...", i)) {
      tokens.push({ kind: "punct", text: "..." });
      i += 3;
    } else if ("!()[]{}:=@|&".includes(ch)) {
      tokens.push({ kind: "punct", text: ch });
      i++;
    } else {
      return null;
    }
  }
  return tokens;
}

/** A field at the operation's top: its name and its arguments as written (tokens joined). */
export interface RootField {
  alias?: string;
  name: string;
  args: string;
}

/**
 * The document's one operation: query or mutation, and its top-level fields. Null when the
 * document holds anything else (a subscription, fragments, several operations, directives at
 * the top, or a selection that does not close).
 */
export function oneOperation(
  tokens: readonly Token[],
): { kind: "query" | "mutation"; fields: RootField[] } | null {
  let i = 0;
  const at = (k: number) => tokens[k];
  let kind: "query" | "mutation" = "query";
  const first = at(0);
  if (first?.kind === "name") {
    if (first.text !== "query" && first.text !== "mutation") return null;
    kind = first.text;
    i = 1;
    if (at(i)?.kind === "name") i++;
    if (at(i)?.text === "(") {
      // The variables' definitions: skipped to their closing parenthesis.
      let depth = 0;
      for (; i < tokens.length; i++) {
        const t = at(i)?.text;
        if (t === "(") depth++;
        else if (t === ")" && --depth === 0) break;
      }
      i++;
    }
  }
  if (at(i)?.text !== "{") return null;
  const fields: RootField[] = [];
  let depth = 0;
  for (; i < tokens.length; i++) {
    const token = at(i) as Token;
    if (token.text === "{" && token.kind === "punct") {
      depth++;
      continue;
    }
    if (token.text === "}" && token.kind === "punct") {
      depth--;
      if (depth === 0) break;
      continue;
    }
    if (depth !== 1) continue;
    // A top-level selection: [alias :] name [( args )] — no fragments, no directives.
    if (token.kind !== "name") return null;
    let alias: string | undefined;
    let name = token.text;
    if (at(i + 1)?.text === ":") {
      const real = at(i + 2);
      if (real?.kind !== "name") return null;
      alias = name;
      name = real.text;
      i += 2;
    }
    let args = "";
    if (at(i + 1)?.text === "(") {
      const parts: string[] = [];
      let k = i + 2;
      for (; k < tokens.length && at(k)?.text !== ")"; k++) {
        const part = at(k) as Token;
        if (part.kind === "punct" && part.text !== ":") return null;
        parts.push(part.kind === "variable" ? `$${part.text}` : part.text);
      }
      if (k >= tokens.length) return null;
      args = parts.join(" ");
      i = k;
    }
    if (at(i + 1)?.text === "@") return null;
    fields.push({ ...(alias ? { alias } : {}), name, args });
  }
  // One operation, closed, and nothing after it.
  if (depth !== 0 || i !== tokens.length - 1) return null;
  return { kind, fields };
}

export interface GraphqlRequest {
  query: string;
  variables: Record<string, unknown>;
}

/** A plain object (not an array, not null). */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const onlyKeys = (value: Record<string, unknown>, allowed: readonly string[]) =>
  Object.keys(value).every((key) => allowed.includes(key));

const sameRepo = (a: unknown, b: string) =>
  typeof a === "string" && a.toLowerCase() === b.toLowerCase();

/**
 * The GraphQL request the proxy may forward for `repo` ("owner/name") on behalf of `email`:
 * a query that reads only this repository, or one commit of the owner's files with its message
 * naming the owner (the request rewritten). A refusal otherwise.
 */
export function checkGraphql(
  body: unknown,
  repo: string,
  email: string,
): { forward: GraphqlRequest } | { refuse: Refusal } {
  if (!isRecord(body) || typeof body.query !== "string") {
    return { refuse: malformed("A GraphQL request is an object with its query.") };
  }
  const variables = body.variables ?? {};
  if (!isRecord(variables))
    return { refuse: malformed("The query's variables must be an object.") };
  const tokens = graphqlTokens(body.query);
  const operation = tokens && oneOperation(tokens);
  if (!operation) {
    return {
      refuse: refused("The site's editor sends one query or one commit at a time, nothing else."),
    };
  }
  const [owner, name] = repo.split("/");
  if (operation.kind === "query") {
    const ownRepo =
      operation.fields.length > 0 &&
      operation.fields.every(
        (f) => !f.alias && f.name === "repository" && f.args === "owner : $owner name : $repo",
      ) &&
      sameRepo(variables.owner, owner ?? "") &&
      sameRepo(variables.repo, name ?? "");
    if (!ownRepo) {
      return { refuse: refused(`The site's editor reads only the repository ${repo}.`) };
    }
    return { forward: { query: body.query, variables } };
  }
  const [commit, ...more] = operation.fields;
  if (
    !commit ||
    more.length > 0 ||
    commit.alias ||
    commit.name !== "createCommitOnBranch" ||
    commit.args !== "input : $input" ||
    !onlyKeys(variables, ["input"])
  ) {
    return {
      refuse: refused("The site's editor may only commit changes to the site's content."),
    };
  }
  const input = variables.input;
  if (
    !isRecord(input) ||
    !onlyKeys(input, ["branch", "expectedHeadOid", "fileChanges", "message", "clientMutationId"])
  ) {
    return { refuse: malformed("The commit's input is not one the editor sends.") };
  }
  const { branch, fileChanges } = input;
  if (
    !isRecord(branch) ||
    !onlyKeys(branch, ["repositoryNameWithOwner", "branchName"]) ||
    !sameRepo(branch.repositoryNameWithOwner, repo) ||
    typeof branch.branchName !== "string"
  ) {
    return { refuse: refused(`The site's editor commits only to the repository ${repo}.`) };
  }
  if (!isRecord(fileChanges) || !onlyKeys(fileChanges, ["additions", "deletions"])) {
    return { refuse: malformed("The commit's changes are not ones the editor sends.") };
  }
  const additions = fileChanges.additions ?? [];
  const deletions = fileChanges.deletions ?? [];
  if (!Array.isArray(additions) || !Array.isArray(deletions)) {
    return { refuse: malformed("The commit's changes are not ones the editor sends.") };
  }
  const changes = [...additions, ...deletions];
  if (changes.length === 0) return { refuse: malformed("The commit changes nothing.") };
  for (const change of changes) {
    if (!isRecord(change) || !onlyKeys(change, ["path", "contents"])) {
      return { refuse: malformed("The commit's changes are not ones the editor sends.") };
    }
    if (!editablePath(change.path)) {
      const shown = typeof change.path === "string" ? change.path.slice(0, 100) : "?";
      return {
        refuse: refused(
          `The site's editor changes only the site's content (files under ${editablePrefix}), not ${shown}.`,
        ),
      };
    }
  }
  const headline = isRecord(input.message) ? input.message.headline : undefined;
  return {
    forward: {
      query: body.query,
      variables: {
        input: { ...input, message: { headline: ownerMessage(headline, email) } },
      },
    },
  };
}
