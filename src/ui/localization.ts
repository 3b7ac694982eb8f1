// The vscode-free layers (src/api, src/kinds, each feature's model and engine, src/util, and message wording shared
// with unit tests) word their messages with @vscode/l10n, which VS Code does not configure: this hands it the bundle VS Code already loaded
// for the display language (nothing is read here). src/extension.ts imports it first, because some
// of those modules word their labels when they are loaded. Without a bundle (English) the messages
// are the source strings.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { setPluralLanguage } from '../util/plural';

if (vscode.l10n.bundle) l10n.config({ contents: vscode.l10n.bundle });
setPluralLanguage(vscode.env.language);
