import { configuredAccessToken, hasAccess } from "../../security/access-token";
import { UnauthorizedError } from "../contracts/errors";

/** Team mode: throws UnauthorizedError unless the request has the access token (Bearer) or the signed-in cookie. */
export async function assertAccess(request: Request): Promise<void> {
  const token = configuredAccessToken();
  if (token !== null && !(await hasAccess(request, token))) throw new UnauthorizedError();
}
