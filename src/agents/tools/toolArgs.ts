// A tool call's arguments checked against the tool's declared fields (toolSpecs.ts): what a model
// sends is input, whatever the client validated. Unknown arguments are ignored and null stands for
// "not given", so a client that sends more or sends nulls still works; a wrong type, a value out of
// range or a missing required argument is a ToolInputError, which both front ends answer as an
// error result (never a crash). Pure.
import * as l10n from '@vscode/l10n';
import { TOOL_SPECS, type FieldSpec, type ToolName } from './toolSpecs';

/** An argument a tool cannot take: said to the model as the call's error. */
export class ToolInputError extends Error {
  override readonly name = 'ToolInputError';
}

export type ToolArgs = Record<string, string | number | undefined>;

function checkField(name: string, field: FieldSpec, value: unknown): string | number | undefined {
  if (value === undefined || value === null) {
    if (field.required) throw new ToolInputError(l10n.t('The argument {0} is required.', name));
    return undefined;
  }
  if (field.type === 'integer') {
    if (typeof value !== 'number' || !Number.isInteger(value))
      throw new ToolInputError(l10n.t('The argument {0} must be a whole number.', name));
    if ((field.minimum !== undefined && value < field.minimum) || (field.maximum !== undefined && value > field.maximum))
      throw new ToolInputError(l10n.t('The argument {0} must be between {1} and {2}.', name, field.minimum ?? 0, field.maximum ?? value));
    return value;
  }
  if (typeof value !== 'string') throw new ToolInputError(l10n.t('The argument {0} must be a string.', name));
  if (field.maxLength !== undefined && value.length > field.maxLength)
    throw new ToolInputError(l10n.t('The argument {0} is longer than {1} characters.', name, field.maxLength));
  if (field.enum && !field.enum.includes(value))
    throw new ToolInputError(l10n.t('The argument {0} must be one of {1}.', name, field.enum.join(', ')));
  return value;
}

/** The arguments of a call to `tool`, checked; throws ToolInputError. */
export function checkArgs(tool: ToolName, raw: unknown): ToolArgs {
  if (raw !== undefined && raw !== null && (typeof raw !== 'object' || Array.isArray(raw)))
    throw new ToolInputError(l10n.t('The arguments must be a JSON object.'));
  const given = (raw ?? {}) as Record<string, unknown>;
  const args: ToolArgs = {};
  for (const [name, field] of Object.entries(TOOL_SPECS[tool].input)) {
    const value = checkField(name, field, Object.hasOwn(given, name) ? given[name] : undefined);
    if (value !== undefined) args[name] = value;
  }
  return args;
}

/** A string argument `checkArgs` let through as required. */
export function required(args: ToolArgs, name: string): string {
  const value = args[name];
  if (typeof value !== 'string') throw new ToolInputError(l10n.t('The argument {0} is required.', name));
  return value;
}

export function optionalString(args: ToolArgs, name: string): string | undefined {
  const value = args[name];
  return typeof value === 'string' ? value : undefined;
}

export function optionalInt(args: ToolArgs, name: string): number | undefined {
  const value = args[name];
  return typeof value === 'number' ? value : undefined;
}
