// Every command id, context key and view id of the extension, declared once. The code names them
// from here, and test/unit/contributions.test.ts holds package.json to them: its commands, menus,
// key bindings, welcome views and walkthrough name only these, and its `when` clauses only these
// context keys (or VS Code's own). src/manifest is what package.json declares, as code (config.ts
// reads the settings); no `vscode` import here, so any folder may read the names.

export const COMMANDS = {
  signIn: 'workspaceAutomation.signIn',
  signOut: 'workspaceAutomation.signOut',
  switchWorkspace: 'workspaceAutomation.switchWorkspace',
  connectEmulator: 'workspaceAutomation.connectEmulator',
  showConnectionMenu: 'workspaceAutomation.showConnectionMenu',
  signInToFolderService: 'workspaceAutomation.signInToFolderService',
  useMyKeyForFolderService: 'workspaceAutomation.useMyKeyForFolderService',
  acceptFolderHeaders: 'workspaceAutomation.acceptFolderHeaders',
  allowPlainHttp: 'workspaceAutomation.allowPlainHttp',
  addResource: 'workspaceAutomation.addResource',
  openResourceById: 'workspaceAutomation.openResourceById',
  removeResource: 'workspaceAutomation.removeResource',
  copyId: 'workspaceAutomation.copyId',
  refresh: 'workspaceAutomation.refresh',
  refreshItem: 'workspaceAutomation.refreshItem',
  open: 'workspaceAutomation.open',
  loadMore: 'workspaceAutomation.loadMore',
  showHistory: 'workspaceAutomation.showHistory',
  showLog: 'workspaceAutomation.showLog',
  save: 'workspaceAutomation.save',
  sendHeldChanges: 'workspaceAutomation.sendHeldChanges',
  discardHeldChanges: 'workspaceAutomation.discardHeldChanges',
  // Revision operations: publish a draft, compare with the published revision.
  publish: 'workspaceAutomation.publish',
  compareWithPublished: 'workspaceAutomation.compareWithPublished',
  // Local folders: pull into ordinary files, a Source Control view, push back with the tokens.
  pullIntoFolder: 'workspaceAutomation.pullIntoFolder',
  pushFolder: 'workspaceAutomation.pushFolder',
  pullFolder: 'workspaceAutomation.pullFolder',
  refreshFolderStatus: 'workspaceAutomation.refreshFolderStatus',
  openFolderConflict: 'workspaceAutomation.openFolderConflict',
  chooseFolderTarget: 'workspaceAutomation.chooseFolderTarget',
  // The production guard: what the current connection is, and whether writes to it ask first.
  setConnectionStage: 'workspaceAutomation.setConnectionStage',
  // Comparisons across environments: a resource with its counterpart, or two environments whole.
  compareWithEnvironment: 'workspaceAutomation.compareWithEnvironment',
  compareEnvironments: 'workspaceAutomation.compareEnvironments',
  // Promotion: a plan of what would change on another environment, then applied with its tokens.
  promote: 'workspaceAutomation.promote',
  addFolderEnvironments: 'workspaceAutomation.addFolderEnvironments',
  // A key for another of the user's connections, kept for its service; the window's stays as it is.
  signInToConnection: 'workspaceAutomation.signInToConnection',
} as const;

export type CommandId = (typeof COMMANDS)[keyof typeof COMMANDS];

/**
 * Registered but not contributed in package.json: the explorer's "Load more…" item runs the first,
 * a click on a conflict in the Source Control view the second.
 */
export const INTERNAL_COMMANDS: readonly CommandId[] = [COMMANDS.loadMore, COMMANDS.openFolderConflict];

/**
 * The commands that ask before they act (an input box, a pick, a dialog or a modal question): their
 * titles end with "…", in every language (test/unit/palette.test.ts). The others act at once.
 */
export const ASKING_COMMANDS: readonly CommandId[] = [
  COMMANDS.signIn,
  COMMANDS.switchWorkspace,
  COMMANDS.showConnectionMenu,
  COMMANDS.signInToFolderService,
  COMMANDS.useMyKeyForFolderService,
  COMMANDS.acceptFolderHeaders,
  COMMANDS.allowPlainHttp,
  COMMANDS.addResource,
  COMMANDS.openResourceById,
  COMMANDS.discardHeldChanges,
  COMMANDS.publish,
  COMMANDS.pullIntoFolder,
  COMMANDS.chooseFolderTarget,
  COMMANDS.setConnectionStage,
  COMMANDS.compareWithEnvironment,
  COMMANDS.compareEnvironments,
  COMMANDS.promote,
  COMMANDS.addFolderEnvironments,
  COMMANDS.signInToConnection,
];

/** The context keys the extension sets with `setContext`. */
export const CONTEXT_KEYS = {
  signedIn: 'workspaceAutomation.signedIn',
  /** Why no key is sent: `folderService` (the folder names a service without a key), `plainHttp`, or empty. */
  connectionBlocked: 'workspaceAutomation.connectionBlocked',
  /** The folder's header settings differ from the user's and are not used until accepted: Use the Folder's Header Settings… applies. */
  folderHeadersIgnored: 'workspaceAutomation.folderHeadersIgnored',
  /**
   * Set once the connection's state is known (the settings and the stored key read): until then the
   * palette cannot tell signed in from out, so it lists the commands a signed-in user has (running
   * one activates the extension, and signed out it says so); from then on it hides them signed out.
   */
  connectionKnown: 'workspaceAutomation.connectionKnown',
  hasHeldSaves: 'workspaceAutomation.hasHeldSaves',
  /** The active `wsa:` document's history says publish. */
  activeCanPublish: 'workspaceAutomation.activeCanPublish',
  /** The active `wsa:` document's history has a published revision. */
  activeHasPublished: 'workspaceAutomation.activeHasPublished',
  /** A folder of the window holds a pulled workspace (its state file): Push / Pull in the palette. */
  hasLocalFolders: 'workspaceAutomation.hasLocalFolders',
} as const;

/** The local folders' Source Control provider (`scmProvider` in `when` clauses) and its groups (`scmResourceGroup`). */
export const SOURCE_CONTROL = {
  id: 'workspaceAutomation',
  groups: { local: 'local', remote: 'remote', conflicts: 'conflicts', unusable: 'unusable' },
} as const;

export const VIEWS = {
  explorer: 'workspaceAutomation.explorer',
} as const;

/** The command VS Code adds for every view: focuses it. */
export function focusViewCommand(view: (typeof VIEWS)[keyof typeof VIEWS]): string {
  return `${view}.focus`;
}

/**
 * The agent tools as VS Code registers them (package.json's languageModelTools), by their MCP name:
 * the tool's name and the `#` name a prompt references it by. src/agents/tools declares what they do.
 */
export const AGENT_TOOLS = {
  list_resources: { name: 'workspaceAutomation_listResources', reference: 'wsaListResources' },
  read_resource: { name: 'workspaceAutomation_readResource', reference: 'wsaReadResource' },
  list_revisions: { name: 'workspaceAutomation_listRevisions', reference: 'wsaListRevisions' },
  diff_revisions: { name: 'workspaceAutomation_diffRevisions', reference: 'wsaDiffRevisions' },
  get_data_contract: { name: 'workspaceAutomation_getDataContract', reference: 'wsaDataContract' },
  check_dashboard: { name: 'workspaceAutomation_checkDashboard', reference: 'wsaCheckDashboard' },
  save_resource: { name: 'workspaceAutomation_saveResource', reference: 'wsaSaveResource' },
} as const;

/** Where the agent tools are offered: a trusted workspace, signed in (VS Code's own key, and ours). */
export const AGENT_TOOLS_WHEN = `isWorkspaceTrusted && ${CONTEXT_KEYS.signedIn}`;

/** The MCP server definition provider (package.json's mcpServerDefinitionProviders). */
export const MCP_PROVIDER_ID = 'workspaceAutomation.mcpServer';
