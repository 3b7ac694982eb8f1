// A fact: its replace body's fields as a JSON document (factDocument.ts). The spec gives a fact no
// expected token (spec §4.4): a save reads `updatedAt` first, and the editable fields themselves
// where the service sends no `updatedAt`. A replace the service refused for
// optional fields it does not take is the client's to retry (src/api/factReplace.ts).
import * as l10n from '@vscode/l10n';
import { factBody } from '../../api/requestBodies';
import { FACT_BODY_FIELDS, FACT_OPTIONAL_FIELDS } from '../../api/schemaConstants';
import type { Fact, FactReplaceBody } from '../../api/schemas';
import type { KindModule } from '../contract/kindContract';
import { sameJson } from '../contract/jsonDocument';
import { codeSpan, heading, md, paragraph, shown, table, type Look } from '../contract/lookText';
import { readOnlyEdits } from '../contract/readOnlyGroup';
import { isString } from '../contract/tokenChecks';
import { factBodyFromText, factText } from './factDocument';
import { factProblems } from './factRules';

export interface FactTokens {
  readonly kind: 'fact';
  updatedAt: string;
}

/** A fact's `updatedAt` for messages: "updated 2026-11-22 10:00 UTC". */
export function factLabel(updatedAt: string): string {
  if (!updatedAt) return l10n.t('no update time given');
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(updatedAt);
  return m ? `updated ${m[1]} ${m[2]} UTC` : `updated ${updatedAt}`;
}

const LEFT_OUT = {
  refused: l10n.t('the service refused optional fields it does not take; sent again without them, and left out of later saves'),
  remembered: l10n.t('left out, as this service does not take them'),
  chosen: l10n.t('left out, as chosen'),
} as const;

/** The optional fields of a fact body whose value is the one in the text the save is based on. */
function unchangedFactFields(baseText: string, body: FactReplaceBody): Set<string> {
  let base: Record<string, unknown>;
  try {
    base = factBodyFromText(baseText) as Record<string, unknown>;
  } catch {
    return new Set();
  }
  return new Set(FACT_OPTIONAL_FIELDS.filter((f) => Object.hasOwn(base, f) && sameJson(base[f], body[f])));
}

function factLook(f: Fact, { singular }: { singular: string }): Look {
  const rows: [string, string][] = [
    [l10n.t('Key'), codeSpan(f.key)],
    [l10n.t('Type'), md(shown(f.type))],
  ];
  if (f.formulaType) rows.push([l10n.t('Formula type'), md(shown(f.formulaType))]);
  // Any of these may be null or of another type on a service that decides so: shown as text.
  const formula = f.formula ? shown(f.formula) : '';
  if (formula) rows.push([l10n.t('Formula'), codeSpan(formula)]);
  const definition = paragraph(f.definition ? shown(f.definition) : undefined);
  return {
    description: formula ? `${f.key} = ${formula}` : f.key,
    tooltip: `${heading(f.name, singular, f.id)}${definition}\n\n${table(rows)}`,
    icon: { id: 'symbol-constant' },
  };
}

export const factKind: KindModule<FactTokens, Fact> = {
  edit: {
    stateTokens: { updatedAt: isString },
    async snapshot({ client }, file, o) {
      const fact = await client.getFact(file.id, o);
      return { text: factText(fact), tokens: { kind: 'fact', updatedAt: fact.updatedAt }, label: factLabel(fact.updatedAt) };
    },
    tokensKey: (t) => `fact:${t.updatedAt}`,
    readOnlyEdits: (text, base) => readOnlyEdits(text, base.text),
    check: factProblems,
    body: factBodyFromText,
    // A change in the instant between this read and the PUT is not detectable through the spec's interface.
    checksBeforeSend: true,
    // A service that sends no `updatedAt` (read as ""): two reads agree whatever changed between them.
    tokenMissing: (t) => !t.updatedAt,
    async send({ client, file, baseText, leaveOut, text, debug }, _tokens, body) {
      const fact = await client.replaceFact(file.id, body as FactReplaceBody, {
        unchanged: unchangedFactFields(baseText, body as FactReplaceBody),
        ...(leaveOut ? { leaveOut } : {}),
        onLeftOut: (fields, why) => debug(`[Files] ${file.view} ${file.id} “${file.name}”: ${LEFT_OUT[why]}: ${fields.join(', ')}.`),
      });
      return { text, tokens: { kind: 'fact', updatedAt: fact.updatedAt }, label: factLabel(fact.updatedAt) };
    },
    holdsText(latest, _text, body) {
      const server = factBody(JSON.parse(latest.text) as Record<string, unknown>) as Record<string, unknown>;
      const sent = body as Record<string, unknown>;
      // A service clears an omitted string to "" or null; one that does not take an optional field
      // neither stores nor returns it: that one is compared when the service holds it.
      const cleared = (v: unknown) => (v === undefined || v === null || v === '' ? null : v);
      const compared = [...FACT_BODY_FIELDS, ...FACT_OPTIONAL_FIELDS.filter((k) => Object.hasOwn(server, k))];
      return compared.every((k) => sameJson(cleared(server[k]), cleared(sent[k])));
    },
    changedOptionalFields(baseText, body) {
      const sent = body as FactReplaceBody;
      const unchanged = unchangedFactFields(baseText, sent);
      return FACT_OPTIONAL_FIELDS.filter((f) => sent[f] !== undefined && !unchanged.has(f));
    },
    optionalFieldsSent(client, body) {
      const leftOut = new Set(client.factFieldsLeftOut());
      const sent = body as Record<string, unknown>;
      return FACT_OPTIONAL_FIELDS.filter((f) => sent[f] !== undefined && !leftOut.has(f));
    },
  },
  explorer: {
    look: factLook,
    find: (client, id, o) => client.getFact(id, o),
    identify: (f) => ({ id: f.id, resourceId: undefined, name: f.name }),
    revisionLabel: (f) => (typeof f.updatedAt === 'string' ? factLabel(f.updatedAt) : null),
  },
};
