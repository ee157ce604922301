import { z } from "zod";

/** POST /api/auth/sign-in */
export const SignInRequestSchema = z.object({ token: z.string().min(1, "Enter the lab's access token.") });
