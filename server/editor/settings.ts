// The editor's settings (GITHUB_*, read in ../settings.ts by both hosts) and what they make:
// the GitHub App's id, key and installation, the repository, and GitHub's API address.

export const defaultGithubApiUrl = "https://api.github.com";

/**
 * A branch's name as the site's would be written: letters, digits, "-", "_", "." and "/"
 * between words (git allows more; none of it is needed here, and each is a way to be misread).
 */
export const branchPattern = /^[\w-]+(?:[./][\w-]+)*$/;

/** "owner/name", as GitHub spells a repository (letters, digits, -, _ and .). */
export const repoPattern = /^[\w.-]{1,100}\/[\w.-]{1,100}$/;

/**
 * The PEM private key, with literal "\n" escapes turned into line breaks (a host's variable is
 * often one line), as PKCS#8: GitHub hands out PKCS#1 ("BEGIN RSA PRIVATE KEY"), which the
 * Worker's Web Crypto cannot import, so it is wrapped here. Null when it is not one whole PEM
 * private key.
 */
export function parsePrivateKey(text: string): string | null {
  const pem = text.replaceAll("\\n", "\n").trim();
  const found =
    /^-----BEGIN ((?:RSA )?PRIVATE KEY)-----\n([A-Za-z0-9+/=\s]+)\n-----END \1-----$/.exec(pem);
  if (!found) return null;
  const body = (found[2] ?? "").replace(/\s+/g, "");
  if (found[1] === "PRIVATE KEY") return pemOf(body);
  let der: Uint8Array;
  try {
    der = Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
  // PrivateKeyInfo (RFC 5208): version 0, rsaEncryption with NULL parameters, the PKCS#1 key.
  const rsaAlgorithm = [
    0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00,
  ];
  const inner = [0x02, 0x01, 0x00, ...rsaAlgorithm, 0x04, ...derLength(der.length), ...der];
  const info = Uint8Array.from([0x30, ...derLength(inner.length), ...inner]);
  return pemOf(btoa(String.fromCharCode(...info)));
}

/** A DER length: one byte below 128, else its byte count and its bytes. */
function derLength(length: number): number[] {
  if (length < 0x80) return [length];
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return [0x80 | bytes.length, ...bytes];
}

const pemOf = (base64: string) =>
  `-----BEGIN PRIVATE KEY-----\n${base64.match(/.{1,64}/g)?.join("\n")}\n-----END PRIVATE KEY-----\n`;

/** The editor's GitHub App, when all of its settings are given. */
export interface EditorGithub {
  appId: string;
  privateKey: string;
  installationId: string;
  /** "owner/name". */
  repo: string;
  /** The branch the site is built from: the one the editor commits to. */
  branch: string;
  apiUrl: string;
}

/**
 * GitHub's GraphQL endpoint for a REST API base: api.github.com/graphql, and on GitHub
 * Enterprise Server (REST at https://HOST/api/v3) https://HOST/api/graphql.
 */
export function graphqlUrl(apiUrl: string): string {
  return apiUrl.endsWith("/api/v3")
    ? `${apiUrl.slice(0, -"/v3".length)}/graphql`
    : `${apiUrl}/graphql`;
}

export const editorSettingNames = [
  "GITHUB_APP_ID",
  "GITHUB_APP_PRIVATE_KEY",
  "GITHUB_APP_INSTALLATION_ID",
  "GITHUB_REPO",
] as const;

interface EditorSettingValues {
  GITHUB_APP_ID?: string | undefined;
  GITHUB_APP_PRIVATE_KEY?: string | undefined;
  GITHUB_APP_INSTALLATION_ID?: string | undefined;
  GITHUB_REPO?: string | undefined;
  GITHUB_BRANCH: string;
  GITHUB_API_URL: string;
}

/**
 * The editor's connection: every one of its four settings given, or none (not connected).
 * `missing` names those left out when only some are given (Node refuses to start; the Worker
 * says so in its log and leaves the editor not connected).
 */
export function editorGithubOf(s: EditorSettingValues): {
  github?: EditorGithub;
  missing: string[];
} {
  const missing = editorSettingNames.filter((name) => !s[name]);
  if (missing.length === editorSettingNames.length) return { missing: [] };
  if (missing.length > 0) return { missing };
  return {
    github: {
      appId: s.GITHUB_APP_ID as string,
      privateKey: s.GITHUB_APP_PRIVATE_KEY as string,
      installationId: s.GITHUB_APP_INSTALLATION_ID as string,
      repo: s.GITHUB_REPO as string,
      branch: s.GITHUB_BRANCH,
      apiUrl: s.GITHUB_API_URL.replace(/\/+$/, ""),
    },
    missing: [],
  };
}
