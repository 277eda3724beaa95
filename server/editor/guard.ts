// What the editor may ask GitHub through the site's proxy (decision 018): reads of the one
// repository, and commits (GraphQL createCommitOnBranch, the one way Sveltia CMS writes) of
// the owner's files to the site's branch. The request is parsed (graphql-js, a bound on its
// tokens), checked, and what GitHub gets is printed from that parse: the query from the syntax
// tree (no comment, no block string: nothing another lexer could read differently, issue 42)
// and the variables rebuilt from the values checked. Anything else is refused with a message
// the editor shows. Pure and linear in the size of the request.
import type { DocumentNode, OperationDefinitionNode } from "graphql/language/ast";
import { Kind } from "graphql/language/kinds";
import { parse } from "graphql/language/parser";
import { print } from "graphql/language/printer";
import { visit } from "graphql/language/visitor";

/** The owner's files: the content and its photos (content/photos). */
export const editablePrefix = "content/";

/** Longest path the editor writes; GitHub's own limit is far above any content file's. */
const maxPathLength = 300;

/**
 * Whether a path in a commit is under content/, written plainly (no "." or ".." segment, no
 * empty segment, no backslash or control character), so it names the same file for GitHub as
 * for this check. Which files there the owner may write is content-check.ts's to say.
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
  status: 400 | 403 | 422;
  message: string;
}

const refused = (message: string): Refusal => ({ status: 403, message });
const malformed = (message: string): Refusal => ({ status: 400, message });

/** A field at the operation's top: its name and its arguments, each `name: $variable`. */
export interface RootField {
  alias?: string;
  name: string;
  args: string;
}

/**
 * More than the editor's largest read (every content file of a folder at once: a few dozen
 * tokens a file) and a bound on the parser's work whatever is sent.
 */
const maxTokens = 200_000;

/** One operation as graphql-js read it: its kind, its variables' types, its top-level fields. */
export interface Operation {
  kind: "query" | "mutation";
  /** Each variable's type as written: { input: "CreateCommitOnBranchInput!" }. */
  variables: Record<string, string>;
  fields: RootField[];
  /** The document as GitHub gets it: printed from the tree, on one line. */
  printed: string;
}

/**
 * The document's one operation, as GraphQL's reference parser (graphql-js) reads it. Null when
 * the text is not GraphQL or holds anything else (a subscription, fragments, several
 * operations, directives at the top, an argument that is not a variable, a variable with a
 * default value or a directive).
 */
export function oneOperation(source: string): Operation | null {
  let document: DocumentNode;
  try {
    document = parse(source, { noLocation: true, maxTokens });
  } catch {
    // Not GraphQL, past maxTokens, or nested past the parser's stack.
    return null;
  }
  const [operation, ...more] = document.definitions;
  if (!operation || more.length > 0 || operation.kind !== Kind.OPERATION_DEFINITION) return null;
  if (operation.operation === "subscription" || operation.directives?.length) return null;
  const variables: Record<string, string> = Object.create(null);
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    if (definition.defaultValue || definition.directives?.length || name in variables) return null;
    variables[name] = print(definition.type);
  }
  const fields: RootField[] = [];
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD || selection.directives?.length) return null;
    const args: string[] = [];
    for (const arg of selection.arguments ?? []) {
      if (arg.value.kind !== Kind.VARIABLE) return null;
      args.push(`${arg.name.value}: $${arg.value.name.value}`);
    }
    fields.push({
      ...(selection.alias ? { alias: selection.alias.value } : {}),
      name: selection.name.value,
      args: args.join(", "),
    });
  }
  return { kind: operation.operation, variables, fields, printed: printed(operation) };
}

/** The operation printed on one line, every string an ordinary quoted one. */
const printed = (operation: OperationDefinitionNode) =>
  print(visit(operation, { StringValue: (node) => ({ ...node, block: false }) }), {
    maxIndentDepth: 0,
  });

export interface GraphqlRequest {
  query: string;
  variables: Record<string, unknown>;
}

/** The site's repository and the branch its host builds. */
export interface SiteRepository {
  /** "owner/name". */
  repo: string;
  branch: string;
}

/** A plain object (not an array, not null). */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const onlyKeys = (value: Record<string, unknown>, allowed: readonly string[]) =>
  Object.keys(value).every((key) => allowed.includes(key));

const sameRepo = (a: unknown, b: string) =>
  typeof a === "string" && a.toLowerCase() === b.toLowerCase();

/** The variables Sveltia's reads declare (its GitHub backend), all of them text. */
const queryVariables: Record<string, string> = {
  owner: "String!",
  repo: "String!",
  branch: "String!",
  prefix: "String!",
};

/** A git object's id as GitHub writes it. */
const oidPattern = /^[0-9a-f]{40}$/;

/** One file of a commit: an addition carries its contents (base64), a deletion only its path. */
export interface FileAddition {
  path: string;
  contents: string;
}
export interface FileChanges {
  additions: FileAddition[];
  deletions: { path: string }[];
}

const unknownChanges = malformed("The commit's changes are not ones the editor sends.");

/** The commit's file changes, rebuilt from what was checked: each path plainly, once. */
function fileChangesOf(value: unknown): FileChanges | Refusal {
  if (!isRecord(value) || !onlyKeys(value, ["additions", "deletions"])) return unknownChanges;
  const additions = value.additions ?? [];
  const deletions = value.deletions ?? [];
  if (!Array.isArray(additions) || !Array.isArray(deletions)) return unknownChanges;
  if (additions.length + deletions.length === 0) return malformed("The commit changes nothing.");
  const seen = new Set<string>();
  const pathOf = (change: unknown, keys: readonly string[]): string | Refusal => {
    if (!isRecord(change) || !onlyKeys(change, keys)) return unknownChanges;
    if (!editablePath(change.path)) {
      const shown = typeof change.path === "string" ? change.path.slice(0, 100) : "?";
      return refused(
        `The site's editor changes only the site's content (files under ${editablePrefix}), not ${shown}.`,
      );
    }
    if (seen.has(change.path)) {
      return malformed(`The commit names ${change.path} twice: save it once.`);
    }
    seen.add(change.path);
    return change.path;
  };
  const checked: FileChanges = { additions: [], deletions: [] };
  for (const change of additions) {
    const path = pathOf(change, ["path", "contents"]);
    if (typeof path !== "string") return path;
    const { contents } = change as Record<string, unknown>;
    if (typeof contents !== "string") return unknownChanges;
    checked.additions.push({ path, contents });
  }
  for (const change of deletions) {
    const path = pathOf(change, ["path"]);
    if (typeof path !== "string") return path;
    checked.deletions.push({ path });
  }
  return checked;
}

/**
 * The GraphQL request the proxy may forward for the site's repository on behalf of `email`:
 * a query that reads only this repository, or one commit of files under content/ to the site's
 * branch with its message naming the owner; rebuilt from what was read. A refusal otherwise.
 */
export function checkGraphql(
  body: unknown,
  site: SiteRepository,
  email: string,
): { forward: GraphqlRequest; changes?: FileChanges } | { refuse: Refusal } {
  if (!isRecord(body) || typeof body.query !== "string") {
    return { refuse: malformed("A GraphQL request is an object with its query.") };
  }
  const variables = body.variables ?? {};
  if (!isRecord(variables))
    return { refuse: malformed("The query's variables must be an object.") };
  const operation = oneOperation(body.query);
  if (!operation) {
    return {
      refuse: refused("The site's editor sends one query or one commit at a time, nothing else."),
    };
  }
  const declared = Object.entries(operation.variables);
  const [owner, name] = site.repo.split("/");
  if (operation.kind === "query") {
    const ownRepo =
      operation.fields.length > 0 &&
      operation.fields.every(
        (f) => !f.alias && f.name === "repository" && f.args === "owner: $owner, name: $repo",
      ) &&
      sameRepo(variables.owner, owner ?? "") &&
      sameRepo(variables.repo, name ?? "");
    if (!ownRepo) {
      return { refuse: refused(`The site's editor reads only the repository ${site.repo}.`) };
    }
    const read: Record<string, string> = {};
    for (const [variable, type] of declared) {
      const value = variables[variable];
      if (queryVariables[variable] !== type || typeof value !== "string") {
        return { refuse: refused("The site's editor does not read the repository that way.") };
      }
      read[variable] = value;
    }
    return { forward: { query: operation.printed, variables: read } };
  }
  const [commit, ...more] = operation.fields;
  if (
    !commit ||
    more.length > 0 ||
    commit.alias ||
    commit.name !== "createCommitOnBranch" ||
    commit.args !== "input: $input" ||
    declared.length !== 1 ||
    operation.variables.input !== "CreateCommitOnBranchInput!" ||
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
  const { branch } = input;
  if (
    !isRecord(branch) ||
    !onlyKeys(branch, ["repositoryNameWithOwner", "branchName"]) ||
    !sameRepo(branch.repositoryNameWithOwner, site.repo) ||
    branch.branchName !== site.branch
  ) {
    return {
      refuse: refused(
        `The site's editor commits only to the branch ${site.branch} of the repository ${site.repo}.`,
      ),
    };
  }
  if (typeof input.expectedHeadOid !== "string" || !oidPattern.test(input.expectedHeadOid)) {
    return { refuse: malformed("The commit's input is not one the editor sends.") };
  }
  const changes = fileChangesOf(input.fileChanges);
  if ("status" in changes) return { refuse: changes };
  const headline = isRecord(input.message) ? input.message.headline : undefined;
  return {
    forward: {
      query: operation.printed,
      variables: {
        input: {
          branch: { repositoryNameWithOwner: site.repo, branchName: site.branch },
          expectedHeadOid: input.expectedHeadOid,
          fileChanges: changes,
          message: { headline: ownerMessage(headline, email) },
        },
      },
    },
    changes,
  };
}
