// The emulator's record and snapshot types, for code outside the emulator (tests, tools) that
// imports them by this path; they live in core/records.ts.
export type * from './core/records';
