import { describe, expect, it } from 'vitest';
import { uniqueToken } from '../../support/local-cloud-client.ts';

/**
 * The one name prefix the admin tests (integration and e2e) search by: lowercase letters only, since
 * member search matches a lowercased name prefix, and different every call.
 */
describe('uniqueToken', () => {
  it('is eleven lowercase letters, a new one each call', () => {
    const tokens = Array.from({ length: 200 }, () => uniqueToken());
    for (const token of tokens) expect(token).toMatch(/^z[a-j]{10}$/);
    expect(new Set(tokens).size).toBe(tokens.length);
  });
});
