import { OAuthError, RegistrationRejectedError } from '@modelcontextprotocol/client';
import { AuthFlowError } from '../errors/auth-flow-error';

/** What a retried sign-in leaves out of its authorization and token requests. */
export interface SignInChanges {
  /** No `scope`: the authorization server refused the one asked for (`invalid_scope`). */
  omitScope: boolean;
  /** No `resource` (RFC 8707): the authorization server refused it (`invalid_target`, Entra ID v1). */
  omitResource: boolean;
}

/** The OAuth error code an authorization server refused a sign-in with, from either leg. */
export function refusalCode(error: unknown): string | undefined {
  if (AuthFlowError.isInstance(error)) return error.oauthError;
  if (error instanceof OAuthError) return error.code;
  return undefined;
}

/**
 * Runs a sign-in, trying again once for each refusal a client can answer without asking the
 * person anything:
 * - `invalid_scope` on a step-up with a registered client: register again (the client may be
 *   limited to the scopes it registered with), then try once more;
 * - `invalid_scope` on a first sign-in: ask for no scope (the server then grants its default);
 * - `invalid_target`: send no `resource` (Entra ID v1 and others that do not know RFC 8707);
 * - a registration refused for its redirect (`invalid_redirect_uri`): register with the loopback
 *   redirect instead (RFC 8252, loopback-redirect.ts).
 * Any other failure, or the same refusal twice, ends the sign-in.
 */
export async function signInRetrying(
  attempt: (changes: SignInChanges) => Promise<void>,
  {
    stepUp,
    registerAgain,
    registerWithLoopback,
  }: {
    stepUp: boolean;
    registerAgain?: () => Promise<void>;
    registerWithLoopback?: () => Promise<void>;
  },
): Promise<void> {
  const changes: SignInChanges = { omitScope: false, omitResource: false };
  let registeredAgain = false;
  let loopback = false;
  for (;;) {
    try {
      await attempt({ ...changes });
      return;
    } catch (error) {
      const code = refusalCode(error);
      if (refusesRedirect(error) && registerWithLoopback && !loopback) {
        loopback = true;
        await registerWithLoopback();
      } else if (code === 'invalid_scope' && stepUp && registerAgain && !registeredAgain) {
        registeredAgain = true;
        await registerAgain();
      } else if (code === 'invalid_scope' && !stepUp && !changes.omitScope) {
        changes.omitScope = true;
      } else if (code === 'invalid_target' && !changes.omitResource) {
        changes.omitResource = true;
      } else {
        throw error;
      }
    }
  }
}

/**
 * Whether dynamic client registration was refused for the redirect URL: RFC 7591's
 * `invalid_redirect_uri`, or `invalid_client_metadata` whose description names the redirect.
 */
export function refusesRedirect(error: unknown): boolean {
  if (!(error instanceof RegistrationRejectedError)) return false;
  const { code, description } = registrationRefusal(error.body);
  return (
    code === 'invalid_redirect_uri' ||
    (code === 'invalid_client_metadata' && /redirect/i.test(description))
  );
}

function registrationRefusal(body: string): { code: string; description: string } {
  try {
    const parsed = JSON.parse(body) as { error?: unknown; error_description?: unknown };
    return {
      code: typeof parsed.error === 'string' ? parsed.error : '',
      description: typeof parsed.error_description === 'string' ? parsed.error_description : '',
    };
  } catch {
    return { code: '', description: '' };
  }
}
