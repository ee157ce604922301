import type { Message } from "../engine/model";
import { echoedCommand, userOwnText } from "../engine/user-own-text";
import { titleSnippet } from "./json-fields";

/** a slash command typed alone (`/mode`, `/init`): the user's, but a switch of the agent's, not a request */
const BARE_COMMAND = /^\/[\w:.-]+$/;

/**
 * The session's title from the user's first own request: the first user message (not synthetic, not a summary)
 * whose text still says something once injected blocks are taken out — or a slash command the user ran with
 * arguments. A bare command (`/mode`) titles the session only when nothing else the user wrote does. Undefined
 * when the user wrote nothing of their own.
 */
export function firstUserRequestTitle(messages: readonly Message[]): string | undefined {
  const finder = createUserRequestTitle();
  for (const message of messages) if (finder.add(message)) break;
  return finder.title();
}

/** {@link firstUserRequestTitle} fed one message at a time, in order (a session streamed to the store). */
export interface UserRequestTitleFinder {
  /** the next message; true once the title is found (later messages cannot change it) */
  add(message: Message): boolean;
  title(): string | undefined;
}

export function createUserRequestTitle(): UserRequestTitleFinder {
  let found: string | undefined;
  let bareCommand: string | undefined;
  return {
    add(message) {
      if (found !== undefined) return true;
      if (message.role !== "user" || message.synthetic || message.summary) return false;
      for (const part of message.parts) {
        if (part.type !== "text") continue;
        const own = userOwnText(part.text) || echoedCommand(part.text);
        if (!own) continue;
        if (!BARE_COMMAND.test(own)) {
          found = titleSnippet(own);
          return true;
        }
        bareCommand ??= own;
      }
      return false;
    },
    title: () => found ?? bareCommand,
  };
}
