// The agent tools without VS Code: one implementation (AgentTools) on the service client, the kinds
// registry, the reader, the guarded save, the local checks and the dashboard language service; the
// VS Code tools (src/agents/vscode) and the MCP server (src/agents/mcp) are its two front ends.
export { AgentTools, DEFAULT_LIMITS, type AgentToolsDeps, type CallContext, type Limits, type Structured } from './agentToolkit';
export {
  assertNoKey,
  conflictAnswer,
  guardedSave,
  sameState,
  saveArgs,
  saveStructured,
  textHash,
  type SaveAnswer,
  type SaveArgs,
} from './agentSave';
export { confirmationOf, CONFIRMATION_DIFF_BYTES, type Confirmation, type ConfirmationFacts } from './confirmation';
export { DashboardTypeCheck, type TypeWorker } from './dashboardCheck';
export { fenced, unfence, withFence } from './dataFence';
export { decodeBase, encodeBase, sameTokens, type BaseRevision, type Binding } from './opaqueTokens';
export { assertSaveAllowed, isLiveView } from './liveWrites';
export { ToolFailure } from './resourceTarget';
export { SecretScrub } from './secretScrub';
export { checkArgs, ToolInputError } from './toolArgs';
export { describeToolError } from './toolErrors';
export { assertAvailable, ToolUnavailable, type GateState } from './toolGate';
export { unifiedDiff } from './unifiedDiff';
export { rangeOf } from './textRanges';
export * from './toolSpecs';
