import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? 'parse-error');
}

describe('the lint rules that keep shared pure', () => {
  it('refuse DOM and Node APIs, UI, server and database libraries, Math.random and Date.now', async () => {
    const probe = [
      "import fs from 'node:fs';",
      "import path from 'path';",
      "import { Application } from 'pixi.js';",
      "import { useState } from 'react';",
      "import express from 'express';",
      "import knex from 'knex';",
      'export const x = [fs, path, Application, useState, express, knex, window.innerWidth, document.title,',
      '  localStorage, process.env, Math.random(), Date.now()];',
    ].join('\n');
    const ids = await ruleIds(probe, 'shared/src/probe.ts');
    expect(ids.filter((id) => id === 'no-restricted-imports')).toHaveLength(6);
    expect(ids.filter((id) => id === 'no-restricted-globals')).toHaveLength(4);
    expect(ids.filter((id) => id === 'no-restricted-properties')).toHaveLength(2);
  });

  it('leave the other workspaces free to use them', async () => {
    const ids = await ruleIds(
      "import express from 'express';\nexport const app = [express, window, Math.random()];\n",
      'api/src/probe.ts',
    );
    expect(ids).toEqual([]);
  });
});
