/**
 * What the authorization server's metadata says, against what Patchbay needs to sign in: the
 * issuer it was looked up for, RFC 9207's `iss`, PKCE with S256, a way to get a client ID, and
 * whether a public client (no secret) may use the token endpoint.
 */
import type { ServerConfig } from '../catalog';
import { clientIdNeeded } from '../session/sign-in-failure';
import { said, type DoctorStep } from './steps';

export interface ClientFacts {
  /** The server, with the client ID the person entered in its form, if any. */
  config: ServerConfig;
  /** Patchbay's Client ID Metadata Document, when the build publishes one. */
  clientMetadataUrl?: string;
  redirectUrl: string;
}

export function authorizationServerChecks(
  metadata: Record<string, unknown>,
  issuer: string,
  client: ClientFacts,
): DoctorStep[] {
  const listed = (field: string): unknown[] | undefined => {
    const value = metadata[field];
    return Array.isArray(value) ? value : undefined;
  };
  const pkce = listed('code_challenge_methods_supported');
  const authMethods = listed('token_endpoint_auth_methods_supported') ?? ['client_secret_basic'];
  return [
    issuerStep(metadata.issuer, issuer),
    metadata.authorization_response_iss_parameter_supported === true
      ? said('Mix-up defence', 'ok', 'It sends iss (RFC 9207).')
      : said(
          'Mix-up defence',
          'warn',
          'It does not say it sends iss (RFC 9207) against mix-ups.',
          'Send iss; set authorization_response_iss_parameter_supported.',
        ),
    pkce?.includes('S256')
      ? said('PKCE', 'ok', 'It supports S256.')
      : said(
          'PKCE',
          pkce ? 'fail' : 'warn',
          'S256 is not in its code_challenge_methods_supported.',
          'Support PKCE with S256, and list it.',
        ),
    registrationStep(metadata, client),
    authMethods.includes('none')
      ? said('Client secret', 'ok', 'Public clients (no secret) may sign in.')
      : said(
          'Client secret',
          'warn',
          `Its token endpoint wants a secret (${authMethods.join(', ')}).`,
          'Accept the auth method none for public clients.',
        ),
  ];
}

/** The issuer must be the one it was looked up for; one trailing slash on an empty path is it. */
function issuerStep(found: unknown, expected: string): DoctorStep {
  const name = 'Issuer';
  if (found === expected) return said(name, 'ok', `It is ${expected}.`);
  const slash =
    (`${String(found)}/` === expected || `${expected}/` === found) &&
    new URL(expected).pathname === '/';
  if (slash) return said(name, 'ok', `It is ${String(found)}: but for a trailing slash, the same.`);
  return said(
    name,
    'fail',
    `The issuers differ: the metadata says ${String(found)}, not ${expected}.`,
    `Set its issuer to exactly ${expected} (RFC 8414).`,
  );
}

function registrationStep(metadata: Record<string, unknown>, client: ClientFacts): DoctorStep {
  const name = 'Client registration';
  if (client.config.oauth?.clientId) return said(name, 'ok', 'With the client ID you entered.');
  if (metadata.client_id_metadata_document_supported === true && client.clientMetadataUrl)
    return said(name, 'ok', 'With Patchbay’s client ID metadata document.');
  if (typeof metadata.registration_endpoint === 'string')
    return said(name, 'ok', 'Patchbay registers itself (dynamic client registration).');
  return said(
    name,
    'fail',
    clientIdNeeded(client.config, client.redirectUrl),
    'Allow dynamic client registration.',
  );
}
