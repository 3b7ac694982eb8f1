// The emulator's programmatic surface.
export { startEmulator, DEFAULT_DEPLOY_DELAY_MS, type EmulatorOptions, type RunningEmulator } from './server';
export { AdminClient } from './adminClient';
export type { FaultSpec, FaultKind, Fault } from './faults';
export type { RequestLogEntry } from './requestLog';
export type { DemoInfo, StateSnapshot } from './types';
export type { VariantReport } from './admin';
export {
  VARIANTS,
  VARIANT_NAMES,
  VariantSet,
  UnknownVariantError,
  parseVariantNames,
  carriersFor,
  ALT_CARRIERS,
  DEFAULT_CARRIERS,
  type VariantName,
  type WireVariant,
} from './core/variants';
