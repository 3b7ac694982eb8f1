// The forms the key is looked for in, exactly: as is (letters folded), hex, and the base64 and
// base64url characters that depend on the key alone at each of the three alignments, each with the
// shortest run that gives the key away. A form too many finds what is not the key; a form too few,
// or a run too long, lets a piece of the key through. vscode-free, no service.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { keyForms, MIN_RUN, REDACTED, SecretScrub } from '../../../src/agents/tools/secretScrub';

// Its base64 holds `+` and `/` at every alignment, so that each has a base64url form too.
const KEY = 'apik_??>>~~AB12cd34ef56gh78';

describe('agents: the forms of the key', () => {
  test('as is and hex, then base64 and base64url at each alignment, with the runs that give it away', () => {
    const base64 = { text: 16, folded: false } as const;
    assert.deepEqual(
      keyForms(KEY).map((f) => [f.text, f.run, f.folded]),
      [
        ['apik_??>>~~ab12cd34ef56gh78', MIN_RUN, true],
        [Buffer.from(KEY).toString('hex'), 2 * MIN_RUN, true],
        ['YXBpa18/Pz4+fn5BQjEyY2QzNGVmNTZnaDc4', base64.text, base64.folded],
        ['YXBpa18_Pz4-fn5BQjEyY2QzNGVmNTZnaDc4', base64.text, base64.folded],
        ['FwaWtfPz8+Pn5+QUIxMmNkMzRlZjU2Z2g3O', base64.text, base64.folded],
        ['FwaWtfPz8-Pn5-QUIxMmNkMzRlZjU2Z2g3O', base64.text, base64.folded],
        ['hcGlrXz8/Pj5+fkFCMTJjZDM0ZWY1NmdoNz', base64.text, base64.folded],
        ['hcGlrXz8_Pj5-fkFCMTJjZDM0ZWY1NmdoNz', base64.text, base64.folded],
      ],
    );
  });

  test('each base64 form is in the base64 of any text that holds the key at its alignment', () => {
    const forms = keyForms(KEY).filter((f) => !f.folded);
    for (const [shift, before] of ['', 'x', 'xy'].entries())
      for (const after of ['', 'z', 'zz', '\u00ff\u00fe']) {
        const text = `${before}${KEY}${after}`;
        const [b64, url] = [Buffer.from(text).toString('base64'), Buffer.from(text).toString('base64url')];
        assert.ok(b64.includes(forms[2 * shift]!.text), `base64, ${JSON.stringify(text)}`);
        assert.ok(url.includes(forms[2 * shift + 1]!.text), `base64url, ${JSON.stringify(text)}`);
      }
  });

  test('a key without + or / in its base64 has no base64url form of its own; a short key has none at all', () => {
    const plain = 'apik_abcdefghijklmno';
    const forms = keyForms(plain);
    assert.equal(forms.length, 5, forms.map((f) => f.text).join(', '));
    assert.ok(forms.every((f) => !/[-_]/.test(f.text) || f.folded));
    assert.deepEqual(keyForms('1234567'), []);
    assert.equal(keyForms('12345678').length, 5, 'eight characters are a key');
    assert.equal(keyForms('12345678')[0]!.run, 8, 'a key shorter than a run is found whole');
  });

  test('a run of 16 base64 characters of the key is found; 15 are not', () => {
    const scrub = new SecretScrub([KEY]);
    const core = 'YXBpa18/Pz4+fn5BQjEyY2QzNGVmNTZnaDc4';
    for (const at of [0, 5, core.length - 16]) {
      const run = core.slice(at, at + 16);
      assert.ok(scrub.find(`data: ${run} end`), `16 from ${at}`);
      assert.equal(scrub.text(`data: ${run} end`), `data: ${REDACTED} end`);
      assert.equal(scrub.find(`data: ${run.slice(1)} end`), undefined, `15 from ${at + 1}`);
    }
  });

  test('with no key, or one too short to be one, nothing is found and every text stays as it is', () => {
    for (const scrub of [new SecretScrub(), new SecretScrub([]), new SecretScrub(['short'])]) {
      assert.equal(scrub.find(`${KEY} %61%70 \\x61`), undefined);
      assert.equal(scrub.text(`${KEY} %61%70`), `${KEY} %61%70`);
      assert.deepEqual(scrub.value({ a: KEY }), { a: KEY });
    }
  });
});
