import http from "node:http";
import type { AddressInfo } from "node:net";

type RouteHandler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

/**
 * A real HTTP server on 127.0.0.1 whose paths are answered by the app's own route handlers (`{"/api/sync": {POST}}`),
 * for tests of clients that talk to a lab over the network (`lab sync --to`) without building the whole app. Each
 * request becomes a web Request with its method, headers and body, as Next.js hands it over; an unknown path or
 * method is a 404 / 405.
 */
export async function serveRouteHandlers(routes: Record<string, Partial<Record<string, RouteHandler>>>): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(async (incoming, outgoing) => {
    const url = new URL(incoming.url ?? "/", `http://${incoming.headers.host}`);
    const route = routes[url.pathname];
    const handler = route?.[incoming.method ?? "GET"];
    if (!handler) {
      outgoing.writeHead(route ? 405 : 404).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (typeof value === "string") headers.set(name, value);
      else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    }
    const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
    const response = await handler(new Request(url, { method: incoming.method, headers, body }), { params: Promise.resolve({}) });
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    outgoing.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
