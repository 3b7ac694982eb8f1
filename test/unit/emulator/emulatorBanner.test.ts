// The emulator's first five lines, written by its CLI and read by the extension, the harness and the
// benchmark: what is written reads back, other output is skipped, nothing is taken before all five.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BannerReader, bannerLines } from '../../../src/emulator/banner';

const endpoint = {
  url: 'http://127.0.0.1:4100',
  apiKey: 'apik_abc',
  workspaceId: 'wksp_1',
  adminUrl: 'http://127.0.0.1:4101',
  adminToken: 'tok-1_x',
};

describe('emulator banner', () => {
  test('what the CLI writes reads back, and only once all five lines came', () => {
    const reader = new BannerReader();
    const lines = bannerLines(endpoint).trimEnd().split('\n');
    assert.equal(lines.length, 5);
    lines.slice(0, 4).forEach((line) => assert.equal(reader.read(line), undefined));
    assert.deepEqual(reader.read(lines[4]!), endpoint);
  });

  test('other output is skipped, a repeated key keeps its first value, trailing slashes go', () => {
    const reader = new BannerReader();
    for (const line of [
      'Workspace Automation emulator is running.',
      '  WSA_API_KEY=apik_abc  ',
      'WSA_EMULATOR_URL=http://127.0.0.1:4100/',
      'WSA_API_KEY=apik_other',
      'WSA_WORKSPACE_ID=wksp_1',
      'WSA_ADMIN_TOKEN=tok-1_x',
    ]) {
      assert.equal(reader.read(line), undefined);
    }
    assert.deepEqual(reader.read('WSA_ADMIN_URL=http://127.0.0.1:4101//'), endpoint);
  });
});
