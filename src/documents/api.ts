// What the other features take from the documents: the files feature's surface and its registry of
// open documents, the URIs of revisions and snapshots (history, publish and local folders open
// them), a file's resolved path (the dashboard language asks which resource a document is), and the
// sentence that confirms a save (a restore is one).
export type { FilesFeature } from './files/registerFiles';
export type { DocumentRegistry } from './files/documentRegistry';
export { revisionUri } from './files/revisionFileSystem';
export { resolvedPath } from './files/resolvedPath';
export { confirmation } from './files/saveMessages';
export { SNAPSHOT_SCHEME, type SnapshotFileSystem } from './conflicts/snapshotFileSystem';
