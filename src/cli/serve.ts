// `aviary serve`: the web page (dist/site/, built by scripts/build.mjs from web/) over HTTP on
// 127.0.0.1, for a browser on this machine. Static files only: GET and HEAD, a fixed set of MIME
// types (application/wasm included), no directory listings, nothing outside dist/site/ (the path
// is decoded, resolved and checked to stay inside). Cross-origin isolation headers (COOP/COEP)
// are sent, so that the page may use SharedArrayBuffer.
import { createServer, type Server } from "node:http";
import { existsSync, readFileSync, statSync } from "node:fs";
import { extname, join, resolve, sep } from "node:path";
import { InputError } from "../errors.js";
import { packageRoot } from "../engine/node.js";

export const MIME_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".map": "application/json",
};

const HEADERS = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
  "Cross-Origin-Resource-Policy": "same-origin",
  "X-Content-Type-Options": "nosniff",
  "Cache-Control": "no-cache",
};

/** The built page's folder. */
export function siteRoot(): string {
  return join(packageRoot(), "dist/site");
}

/** The file a request path maps to inside `root`, or undefined (outside it, not a file, bad encoding). */
export function resolveRequest(root: string, urlPath: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(urlPath.split("?")[0].split("#")[0]);
  } catch {
    return undefined;
  }
  if (path.includes("\0") || path.includes("\\")) return undefined;
  if (path.endsWith("/")) path += "index.html";
  const base = resolve(root);
  const file = resolve(base, `.${path.startsWith("/") ? path : `/${path}`}`);
  if (!file.startsWith(base + sep)) return undefined;
  try {
    if (!statSync(file).isFile()) return undefined;
  } catch {
    return undefined;
  }
  return file;
}

export interface Served { url: string; server: Server; close(): Promise<void> }

/** Serves `root` on host:port (port 0: any free port); resolves once listening. */
export function serve(options: { port: number; host?: string; root?: string }): Promise<Served> {
  const root = options.root ?? siteRoot();
  if (!existsSync(join(root, "index.html"))) {
    throw new InputError(`the web page is not built (${join(root, "index.html")} is missing): run \`npm run build\``);
  }
  const host = options.host ?? "127.0.0.1";
  const server = createServer((req, res) => {
    const send = (status: number, text: string) => {
      res.writeHead(status, { ...HEADERS, "Content-Type": "text/plain; charset=utf-8" });
      res.end(req.method === "HEAD" ? undefined : `${text}\n`);
    };
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", "GET, HEAD");
      send(405, "method not allowed");
      return;
    }
    const file = resolveRequest(root, req.url ?? "/");
    const type = file ? MIME_TYPES[extname(file).toLowerCase()] : undefined;
    if (!file || !type) {
      send(404, "not found");
      return;
    }
    let body: Buffer;
    try {
      body = readFileSync(file);
    } catch {
      send(404, "not found");
      return;
    }
    res.writeHead(200, { ...HEADERS, "Content-Type": type, "Content-Length": body.length });
    res.end(req.method === "HEAD" ? undefined : body);
  });
  return new Promise((resolvePromise, reject) => {
    server.once("error", (e: NodeJS.ErrnoException) => {
      reject(e.code === "EADDRINUSE" ? new InputError(`port ${options.port} on ${host} is in use: choose another with --port N`)
        : e.code === "EACCES" ? new InputError(`no permission to listen on port ${options.port}: choose another with --port N (>= 1024)`)
          : e);
    });
    server.listen(options.port, host, () => {
      const addr = server.address();
      const port = typeof addr === "object" && addr ? addr.port : options.port;
      resolvePromise({
        url: `http://${host}:${port}/`, server,
        close: () => new Promise<void>((r) => { server.closeAllConnections?.(); server.close(() => r()); }),
      });
    });
  });
}
