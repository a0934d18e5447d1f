import type { OAuthDiscoveryState } from '@modelcontextprotocol/client';

/**
 * The fields of discovered metadata that Patchbay and the SDK read. Servers may add anything
 * to their metadata documents; only these are kept, so a server cannot fill storage (or carry
 * data along) through fields nobody uses.
 */
const AUTHORIZATION_SERVER_FIELDS = [
  'issuer',
  'authorization_endpoint',
  'token_endpoint',
  'registration_endpoint',
  'revocation_endpoint',
  'scopes_supported',
  'response_types_supported',
  'response_modes_supported',
  'grant_types_supported',
  'token_endpoint_auth_methods_supported',
  'revocation_endpoint_auth_methods_supported',
  'code_challenge_methods_supported',
  'authorization_response_iss_parameter_supported',
  'client_id_metadata_document_supported',
  'dpop_signing_alg_values_supported',
] as const;

const PROTECTED_RESOURCE_FIELDS = [
  'resource',
  'authorization_servers',
  'scopes_supported',
  'bearer_methods_supported',
  'resource_name',
] as const;

/** The discovery state to store: the same, without fields nobody reads. */
export function keepKnownMetadata(state: OAuthDiscoveryState): OAuthDiscoveryState {
  const kept: OAuthDiscoveryState = { authorizationServerUrl: state.authorizationServerUrl };
  if (state.resourceMetadataUrl) kept.resourceMetadataUrl = state.resourceMetadataUrl;
  if (state.authorizationServerMetadata) {
    kept.authorizationServerMetadata = pick(
      state.authorizationServerMetadata,
      AUTHORIZATION_SERVER_FIELDS,
    ) as NonNullable<OAuthDiscoveryState['authorizationServerMetadata']>;
  }
  if (state.resourceMetadata) {
    kept.resourceMetadata = pick(state.resourceMetadata, PROTECTED_RESOURCE_FIELDS) as NonNullable<
      OAuthDiscoveryState['resourceMetadata']
    >;
  }
  return kept;
}

function pick(source: object, fields: readonly string[]): Record<string, unknown> {
  const record = source as Record<string, unknown>;
  return Object.fromEntries(
    fields.filter((field) => record[field] !== undefined).map((field) => [field, record[field]]),
  );
}
