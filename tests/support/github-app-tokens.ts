// The GitHub stand-in's app (github-stand-in.ts): an installation token (POST
// /app/installations/{id}/access_tokens) only for a JWT signed RS256 by the app's key, iss its
// id, issued in the past and expiring within 10 minutes; refused, as GitHub refuses them, for
// another installation, another repository or more permissions than the app was granted. The
// tokens it issued are the only credentials the stand-in's other routes take, for an hour or
// until revoked.
import { type KeyObject, randomBytes, verify } from "node:crypto";
import type { Reply } from "./github-rest.ts";

export interface TokenRequest {
  repositories?: string[];
  permissions?: Record<string, string>;
}

const base64url = (data: string) => Buffer.from(data, "base64url");

/** The app `appId`, installed as `installationId` on the repository `nameWithOwner` only. */
export function appTokens({
  appId,
  installationId,
  publicKey,
  nameWithOwner,
}: {
  appId: string;
  installationId: string;
  publicKey: KeyObject;
  nameWithOwner: string;
}) {
  const tokens = new Map<string, { expiresAt: number; repositories: string[] }>();
  const tokenRequests: TokenRequest[] = [];
  // What the app was granted when installed: the editor asks for no more than contents.
  const granted: Record<string, string> = { contents: "write", metadata: "read" };
  const level = { read: 1, write: 2 } as Record<string, number>;
  const [repoOwner, repoName] = nameWithOwner.split("/") as [string, string];
  const credentials = (authorization: string | undefined) => {
    const [scheme, credential = ""] = (authorization ?? "").split(" ");
    return { scheme, credential };
  };

  /** GitHub's check of an app's JWT (docs: "Generating a JSON Web Token for a GitHub App"). */
  const jwtValid = (jwt: string): boolean => {
    const [head, body, signature] = jwt.split(".");
    if (!head || !body || !signature) return false;
    try {
      const header = JSON.parse(base64url(head).toString("utf8"));
      const claims = JSON.parse(base64url(body).toString("utf8"));
      const now = Math.floor(Date.now() / 1000);
      return (
        header.alg === "RS256" &&
        verify("RSA-SHA256", Buffer.from(`${head}.${body}`), publicKey, base64url(signature)) &&
        String(claims.iss) === appId &&
        typeof claims.iat === "number" &&
        claims.iat <= now &&
        typeof claims.exp === "number" &&
        claims.exp > now &&
        claims.exp <= now + 600
      );
    } catch {
      return false;
    }
  };

  /** POST /app/installations/{installation}/access_tokens, with its Authorization and body. */
  const mint = (authorization: string | undefined, installation: string, body: Buffer): Reply => {
    const { scheme, credential } = credentials(authorization);
    if (scheme?.toLowerCase() !== "bearer" || !jwtValid(credential)) {
      return {
        status: 401,
        body: {
          message: "A JSON web token could not be decoded",
          documentation_url: "https://docs.github.com/rest",
        },
      };
    }
    if (installation !== installationId) return { status: 404, body: { message: "Not Found" } };
    const asked: TokenRequest = body.length ? JSON.parse(body.toString("utf8")) : {};
    tokenRequests.push(asked);
    const repositories = asked.repositories ?? [repoName];
    if (repositories.some((name) => name !== repoName)) {
      return {
        status: 422,
        body: {
          message:
            "There is at least one repository that does not exist or is not accessible to the parent installation.",
        },
      };
    }
    const beyond = Object.entries(asked.permissions ?? {}).some(
      ([name, wanted]) => !granted[name] || (level[wanted] ?? 3) > (level[granted[name]] ?? 0),
    );
    if (beyond) {
      return {
        status: 422,
        body: {
          message: "The permissions requested are not granted to this installation.",
          documentation_url: "https://docs.github.com/rest",
        },
      };
    }
    const token = `ghs_${randomBytes(27).toString("base64url")}`;
    const expiresAt = Date.now() + 3_600_000;
    tokens.set(token, { expiresAt, repositories });
    return {
      status: 201,
      body: {
        token,
        expires_at: new Date(expiresAt).toISOString().replace(/\.\d+Z$/, "Z"),
        permissions: asked.permissions ?? granted,
        repository_selection: "selected",
        repositories: repositories.map((name) => ({ name, full_name: `${repoOwner}/${name}` })),
      },
    };
  };

  /** The installation token an Authorization header carries, while it is current. */
  const held = (authorization: string | undefined) => {
    const { scheme, credential } = credentials(authorization);
    const token =
      (scheme === "token" || scheme?.toLowerCase() === "bearer") && tokens.get(credential);
    return token && token.expiresAt > Date.now() ? token : undefined;
  };

  return {
    mint,
    held,
    /** The bodies of the installation-token requests, in order. */
    tokenRequests,
    /** The installation tokens issued so far. */
    tokens: () => [...tokens.keys()],
    /** Revoke every installation token issued so far (GitHub then answers 401 to them). */
    revoke: () => {
      for (const token of tokens.values()) token.expiresAt = 0;
    },
  };
}
