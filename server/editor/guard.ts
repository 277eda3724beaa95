// What the editor may ask GitHub through the site's proxy (decision 018): reads of the one
// repository, and commits (GraphQL createCommitOnBranch, the one way Sveltia CMS writes) that
// add, change or delete only the owner's files under content/. Anything else is refused with a
// message the editor shows. Pure and linear in the size of the request (graphql-js parses
// it, with a bound on its tokens).
import type { DocumentNode } from "graphql/language/ast";
import { Kind } from "graphql/language/kinds";
import { parse } from "graphql/language/parser";

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

/**
 * The document's one operation, as GraphQL's reference parser (graphql-js) reads it: query or
 * mutation, and its top-level fields. Null when the text is not GraphQL or holds anything else
 * (a subscription, fragments, several operations, directives at the top, an argument that is
 * not a variable).
 */
export function oneOperation(
  source: string,
): { kind: "query" | "mutation"; fields: RootField[] } | null {
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
  return { kind: operation.operation, fields };
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
  const operation = oneOperation(body.query);
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
        (f) => !f.alias && f.name === "repository" && f.args === "owner: $owner, name: $repo",
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
    commit.args !== "input: $input" ||
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
