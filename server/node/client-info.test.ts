import { describe, expect, it } from "vitest";
import { subscriberKey } from "../forms/subscriber-key.ts";
import { clientResolver, parseTrustProxy } from "./client-info.ts";

describe("parseTrustProxy", () => {
  it("reads off, a number of proxies, or addresses and ranges", () => {
    for (const off of [undefined, "", " ", "0", "false", "FALSE"]) {
      expect(parseTrustProxy(off), String(off)).toEqual({ kind: "none" });
    }
    expect(parseTrustProxy("1")).toEqual({ kind: "hops", hops: 1 });
    expect(parseTrustProxy("2")).toEqual({ kind: "hops", hops: 2 });
    expect(parseTrustProxy("Loopback, 10.0.0.0/8,::1 ,fd00::/8")).toEqual({
      kind: "addresses",
      entries: ["loopback", "10.0.0.0/8", "::1", "fd00::/8"],
    });
  });

  it("explains what it cannot read", () => {
    expect(parseTrustProxy("true")).toMatch(/"true" is not a number of proxies/);
    expect(parseTrustProxy("11")).toMatch(/at most 10/);
    for (const bad of ["10.0.0.0/33", "10.0.0/8", "::1/129", "host.example", "10.0.0.1/8/1"]) {
      expect(typeof parseTrustProxy(bad), bad).toBe("string");
    }
  });
});

describe("clientResolver", () => {
  const spoof = { forwardedFor: "203.0.113.66", forwardedProto: "https" };

  it("ignores forwarded headers when no proxy is trusted", () => {
    const resolve = clientResolver({ kind: "none" });
    expect(resolve("198.51.100.7", spoof, false)).toEqual({
      address: "198.51.100.7",
      https: false,
    });
    expect(resolve(undefined, spoof, true)).toEqual({ address: "unknown", https: true });
    expect(resolve("::ffff:198.51.100.7", {}, false).address).toBe("198.51.100.7");
  });

  it("with one trusted hop, takes the address the proxy appended and its scheme", () => {
    const resolve = clientResolver({ kind: "hops", hops: 1 });
    // nginx's $proxy_add_x_forwarded_for keeps what the client sent and appends the real peer.
    const headers = { forwardedFor: "6.6.6.6, 203.0.113.7", forwardedProto: "https" };
    expect(resolve("127.0.0.1", headers, false)).toEqual({ address: "203.0.113.7", https: true });
    expect(resolve("127.0.0.1", {}, false)).toEqual({ address: "127.0.0.1", https: false });
    expect(resolve("127.0.0.1", { forwardedProto: "http" }, true).https).toBe(false);
    const twoHops = clientResolver({ kind: "hops", hops: 2 });
    expect(
      twoHops("10.0.0.2", { forwardedFor: "6.6.6.6, 203.0.113.7, 10.0.0.1" }, false).address,
    ).toBe("203.0.113.7");
  });

  it("with trusted addresses, walks the chain from the right past trusted proxies", () => {
    const resolve = clientResolver({ kind: "addresses", entries: ["loopback", "10.0.0.0/8"] });
    const chain = { forwardedFor: "6.6.6.6, 203.0.113.7, 10.1.2.3", forwardedProto: "https" };
    expect(resolve("127.0.0.1", chain, false)).toEqual({ address: "203.0.113.7", https: true });
    // A peer outside the list is the client itself, whatever it claims.
    expect(resolve("198.51.100.7", chain, false)).toEqual({
      address: "198.51.100.7",
      https: false,
    });
    expect(resolve("::1", { forwardedFor: "[2001:db8::5]:4711" }, false).address).toBe(
      "2001:db8::5",
    );
    expect(resolve("::ffff:127.0.0.1", { forwardedFor: "203.0.113.7:5120" }, false).address).toBe(
      "203.0.113.7",
    );
  });
});

describe("subscriberKey", () => {
  it("keeps an IPv4 address and shortens IPv6 to its /64", () => {
    expect(subscriberKey("203.0.113.7")).toBe("203.0.113.7");
    expect(subscriberKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(subscriberKey("2001:0db8:0001:0002:ffff:1:2:3")).toBe("2001:db8:1:2::/64");
    expect(subscriberKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(subscriberKey("::1")).toBe("0:0:0:0::/64");
    expect(subscriberKey("unknown")).toBe("unknown");
  });
});
