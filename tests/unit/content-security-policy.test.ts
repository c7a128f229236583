import { createHash } from "node:crypto";
import {
  contentSecurityPolicy,
  inlineScriptHashes,
  scriptHash,
  servedOverHttps,
} from "@/server/security/content-security-policy";

const directive = (policy: string, name: string) => policy.split("; ").find((part) => part.startsWith(`${name} `));

describe("content security policy", () => {
  it("hashes inline scripts the way browsers do and skips scripts with src", () => {
    const html = `<html><head><script>self.x=1</script><script src="/_next/a.js" async=""></script></head><body><script id="_R_">(self.y=2)</script><script></script></body></html>`;
    expect(inlineScriptHashes(html)).toEqual([scriptHash("self.x=1"), scriptHash("(self.y=2)")]);
    expect(scriptHash("self.x=1")).toBe(`'sha256-${createHash("sha256").update("self.x=1").digest("base64")}'`);
  });

  it("never allows inline scripts wholesale and carries the required directives", () => {
    const policy = contentSecurityPolicy({
      nonce: "abc",
      scriptHashes: ["'sha256-a'", "'sha256-a'"],
      https: false,
      dev: false,
    });
    expect(directive(policy, "script-src")).toBe("script-src 'self' 'nonce-abc' 'sha256-a'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).not.toContain("unsafe-eval");
    for (const part of [
      "object-src 'none'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "default-src 'self'",
      "worker-src 'self'",
      "manifest-src 'self'",
    ]) {
      expect(policy.split("; ")).toContain(part);
    }
    expect(policy).not.toContain("upgrade-insecure-requests");
  });

  it("upgrades insecure requests only over HTTPS and allows eval only in development", () => {
    expect(contentSecurityPolicy({ nonce: "n", scriptHashes: [], https: true, dev: false })).toContain(
      "upgrade-insecure-requests",
    );
    expect(
      directive(contentSecurityPolicy({ nonce: "n", scriptHashes: [], https: false, dev: true }), "script-src"),
    ).toContain("'unsafe-eval'");
  });

  it("sees HTTPS from APP_URL, or from X-Forwarded-Proto only behind a trusted proxy", () => {
    expect(servedOverHttps({ APP_URL: "https://bloco.example" }, null)).toBe(true);
    expect(servedOverHttps({ APP_URL: "http://localhost:3000" }, "https")).toBe(false);
    expect(servedOverHttps({ APP_URL: "http://localhost:3000", TRUST_PROXY: "true" }, "https")).toBe(true);
    expect(servedOverHttps({ TRUST_PROXY: "true" }, "http")).toBe(false);
    expect(servedOverHttps({}, null)).toBe(false);
  });
});
