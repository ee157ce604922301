import type { FakeRequest } from "./fake-anthropic-server";

/**
 * For a fake server started by hand (`npm run fake-llm`, `npm run fake-openai`): logs each finished request on one
 * line (method, path, model, behaviour, status; the headers are never printed), and closes the server on SIGINT or
 * SIGTERM.
 */
export function serveFakeUntilSignal(server: { requests: readonly FakeRequest[]; close(): Promise<void> }): void {
  let logged = 0;
  const logTimer = setInterval(() => {
    for (const request of server.requests.slice(logged)) {
      if (request.status === 0) break;
      const model = typeof request.body === "object" && request.body && "model" in request.body ? String(request.body.model) : "-";
      console.log(`${request.method} ${request.path} model=${model} behaviour=${request.behaviour} → ${request.status}`);
      logged++;
    }
  }, 200);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      clearInterval(logTimer);
      void server.close().then(() => process.exit(0));
    });
  }
}
