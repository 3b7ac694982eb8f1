// What the other features take from the history: its panels (publish tells them to read again) and
// the resource a history command is about (publish's commands run from the same places).
export type { HistoryFeature } from './index';
export { resolveHistoryTarget } from './host/historyTarget';
