/**
 * The doctor's sign-in rows: the 401's challenge, the protected resource metadata (RFC 9728)
 * where the SDK looks for it, the resource it names, and the authorization server's metadata
 * at every RFC 8414 and OpenID Connect address. Plain GETs (metadata-document.ts): nothing is
 * registered, stored or opened.
 */
import { buildDiscoveryUrls, checkResourceAllowed } from '@modelcontextprotocol/client';
import { userMessage, type AuthChallenge } from '../../errors/connection-error';
import { OAUTH_REQUEST_TIMEOUT_MS } from '../../oauth/oauth-fetch';
import { headersOf } from '../catalog';
import type { FetchLike } from '../../net/fetch-like';
import type { ServerSession } from '../session/server-session';
import { authorizationServerChecks } from './authorization-server';
import { fetchDocument, type DocumentFetch } from './metadata-document';
import { redactUrl, said, step, type DoctorStep } from './steps';

type Document = Record<string, unknown>;

export async function oauthSteps(
  session: ServerSession,
  challenge: AuthChallenge | undefined,
): Promise<DoctorStep[]> {
  const { config, context } = session;
  const server = new URL(config.url);
  const base: FetchLike = context.fetch ?? ((url, init) => fetch(url, init));
  const how: DocumentFetch = {
    fetch: (url, init) =>
      base(url, { ...init, signal: AbortSignal.timeout(OAUTH_REQUEST_TIMEOUT_MS) }),
    server,
    headers: headersOf(config),
    words: (failure) => userMessage(failure, config.name, redactUrl(config.url)),
  };
  const steps = [challengeStep(challenge)];
  const resource = await resourceMetadata(server, challenge?.resourceMetadataUrl, how, steps);
  if (resource) steps.push(resourceStep(resource.resource, config.url));
  const named = Array.isArray(resource?.authorization_servers)
    ? resource.authorization_servers[0]
    : undefined;
  // As the SDK does: without one named, the MCP server's origin is the authorization server.
  const issuer = typeof named === 'string' ? named : `${server.origin}/`;
  const metadata = await authorizationServerMetadata(issuer, how, steps);
  if (metadata)
    steps.push(
      ...authorizationServerChecks(metadata, issuer, {
        config,
        ...(context.clientMetadataUrl ? { clientMetadataUrl: context.clientMetadataUrl } : {}),
        redirectUrl: context.identity.redirectUrl(),
      }),
    );
  return steps;
}

function challengeStep(challenge: AuthChallenge | undefined): DoctorStep {
  const name = 'Sign-in challenge';
  if (!challenge) return said(name, 'skip', 'No 401, so no challenge.');
  const scope = challenge.scope ? ` and the scope "${challenge.scope}"` : '';
  if (challenge.resourceMetadataUrl)
    return step({
      name,
      url: challenge.resourceMetadataUrl,
      verdict: 'ok',
      sentence: `It names its resource metadata${scope}.`,
    });
  return said(
    name,
    'warn',
    `It names no resource_metadata${scope}.`,
    'Add resource_metadata to its WWW-Authenticate (RFC 9728).',
  );
}

/** Tried where the challenge points, then path-inserted, then at the root, until one is found. */
async function resourceMetadata(
  server: URL,
  pointedAt: string | undefined,
  how: DocumentFetch,
  steps: DoctorStep[],
): Promise<Document | undefined> {
  const name = 'Resource metadata';
  const root = `${server.origin}/.well-known/oauth-protected-resource`;
  const path = server.pathname.replace(/\/$/, '');
  const urls = [...new Set([pointedAt, path ? `${root}${path}` : undefined, root])];
  for (const url of urls) {
    if (!url) continue;
    const { row, document } = await fetchDocument(url, how);
    // The SDK looks only where the challenge points, when it points somewhere.
    const broken = url === pointedAt && !document;
    const pointer = { verdict: 'fail' as const, fix: 'Point resource_metadata at it.' };
    steps.push(step({ name, ...row, ...(broken ? pointer : {}) }));
    if (document) return document;
  }
  steps.push(
    said(
      name,
      'warn',
      `None found: Patchbay takes ${server.origin} for the authorization server.`,
      `Serve it at ${root}${path}.`,
    ),
  );
  return undefined;
}

function resourceStep(resource: unknown, serverUrl: string): DoctorStep {
  let matches = false;
  try {
    matches =
      typeof resource === 'string' &&
      checkResourceAllowed({ requestedResource: serverUrl, configuredResource: resource });
  } catch {
    // Not a URL: another resource, as far as Patchbay can tell.
  }
  return matches
    ? said('Resource', 'ok', 'It names this server.')
    : said(
        'Resource',
        'fail',
        `Its metadata names another resource (${String(resource)}).`,
        `Set its resource to ${redactUrl(serverUrl)}.`,
      );
}

/** Every RFC 8414 and OpenID Connect address for `issuer`; the first document found is used. */
async function authorizationServerMetadata(
  issuer: string,
  how: DocumentFetch,
  steps: DoctorStep[],
): Promise<Document | undefined> {
  const name = 'Authorization server metadata';
  let urls: URL[] = [];
  try {
    urls = buildDiscoveryUrls(issuer).map(({ url }) => url);
  } catch {
    // Not a URL: said below.
  }
  let found: Document | undefined;
  for (const url of urls) {
    const { row, document } = await fetchDocument(url.href, how);
    steps.push(step({ name, ...row }));
    found ??= document;
  }
  if (!found)
    steps.push(said(name, 'fail', `None found for ${issuer}.`, 'Serve RFC 8414 metadata.'));
  return found;
}
