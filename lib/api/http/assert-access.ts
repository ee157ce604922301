import { configuredAccessToken } from "../../security/access-token";
import { hasAccess } from "../../security/has-access";
import { UnauthorizedError } from "../contracts/errors";

/** Team mode: throws UnauthorizedError unless the request has the access token (Bearer) or a live sign-in session. */
export async function assertAccess(request: Request): Promise<void> {
  const token = configuredAccessToken();
  if (token !== null && !(await hasAccess(request, token))) throw new UnauthorizedError();
}
