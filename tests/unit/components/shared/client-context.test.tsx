// @vitest-environment happy-dom
/** The panel's client reaches its hooks through one provider, and a hook outside it says so. */
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useClient } from '../../../../components/shared/client-context';
import { PatchbayError } from '../../../../src/errors/patchbay-error';
import type { PatchbayClient } from '../../../../src/messaging/client';
import { withClient } from '../../../helpers/with-client';

afterEach(cleanup);

describe('the panel’s client', () => {
  it('is the one the provider was given', () => {
    const client = { request: async () => ({}) } as unknown as PatchbayClient;
    const { result } = renderHook(() => useClient(), { wrapper: withClient(client) });
    expect(result.current).toBe(client);
  });

  it('is a typed error outside the provider, naming the provider', () => {
    let caught: unknown;
    try {
      renderHook(() => useClient());
    } catch (error) {
      caught = error;
    }
    expect(PatchbayError.isInstance(caught)).toBe(true);
    expect(caught).toMatchObject({
      code: 'internal',
      message: expect.stringContaining('ClientProvider'),
    });
  });
});
