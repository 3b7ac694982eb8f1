// The deployment poller (vscode-free apart from types) with short timings, against the emulator:
// it reads a deploying app only while the view is visible, backs off, and stops when it is live.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as vscode from 'vscode';
import { ExplorerModel } from '../../../src/explorer/model/explorerModel';
import { isResourceNode, type ResourceNode } from '../../../src/explorer/model/nodes';
import { eventToPromise } from '../../../src/util/events';
import { DeploymentPoller } from '../../../src/explorer/vscode/deploymentPoller';
import { TestConnection } from './explorerSupport';
import { useEmulator } from '../emulator/emulatorSupport';

const log = { debug() {}, info() {}, warn() {}, error() {} } as unknown as vscode.LogOutputChannel;

const { emu } = useEmulator({ deployDelayMs: 3_600_000 }, { resetEach: false });

describe('deployment poller', () => {
  test('polls a deploying app only while visible, backs off, and stops once it is live', async () => {
    const connection = TestConnection.forEmulator(emu);
    const model = new ExplorerModel(connection);
    const poller = new DeploymentPoller(model, log, { initialDelayMs: 20, maxDelayMs: 80, factor: 2 });
    try {
      const id = emu.demo.ids.deployingAppId!;
      const apps = (await model.getChildren(model.group('apps'))).filter(isResourceNode);
      const app = apps.find((a) => a.id === id)!;
      for (const a of apps) poller.watch(a);
      assert.deepEqual(poller.polling, [id], 'only the deploying app is watched');
      assert.deepEqual(poller.schedule, [{ id, delayMs: 20, scheduled: false }], 'nothing runs while the view is hidden');

      poller.setVisible(true);
      const read = (n: unknown) => n === app;
      await eventToPromise(model.onDidChange, read);
      await eventToPromise(model.onDidChange, read);
      assert.ok(poller.schedule[0]!.delayMs > 20, 'the delay grows');

      poller.setVisible(false);
      // Let a read already under way finish; it must not plan another while hidden.
      await new Promise((r) => setImmediate(r));
      await new Promise((r) => setImmediate(r));
      assert.equal(poller.schedule[0]!.scheduled, false, 'hiding the view cancels the timer');

      emu.finishDeploy(id);
      const isLive = (n: ResourceNode) => n.data.kind === 'app' && n.data.value.deployment.status === 'live';
      const live = eventToPromise(model.onDidChange, (n) => n === app && isLive(n));
      poller.setVisible(true);
      await live;
      assert.deepEqual(poller.polling, [], 'polling stopped');
    } finally {
      poller.dispose();
      model.dispose();
      await connection.close();
    }
  });

  test('a full refresh or dispose leaves no timer behind', async () => {
    const connection = TestConnection.forEmulator(emu);
    const model = new ExplorerModel(connection);
    const poller = new DeploymentPoller(model, log, { initialDelayMs: 10_000, maxDelayMs: 10_000, factor: 1 });
    try {
      await emu.reset(); // the app is deploying again
      const apps = (await model.getChildren(model.group('apps'))).filter(isResourceNode);
      for (const a of apps) poller.watch(a);
      poller.setVisible(true);
      assert.equal(poller.schedule.filter((s) => s.scheduled).length, 1);
      await model.refresh();
      assert.deepEqual(poller.polling, [], 'a reload forgets the old nodes');
      for (const a of apps) poller.watch(a);
      poller.dispose();
      assert.deepEqual(poller.polling, []);
    } finally {
      poller.dispose();
      model.dispose();
      await connection.close();
    }
  });
});
