import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { activateCatalog } from '@/testing/test-utils';
import { fakeFile } from '@/features/garage/testing/garage-fixtures';
import * as contract from '@/contract/constants';
import { MAX_FILE_BYTES, MAX_FILES_PER_LOG } from '@/lib/media/file-limits';
import { acceptFiles } from './attachments';

const MiB = 1024 * 1024;

describe('attachment limits', () => {
  beforeEach(() => activateCatalog('en-US'));

  it('10 files per log and 10 MiB per file, as the server says', () => {
    expect(MAX_FILES_PER_LOG).toBe(10);
    expect(MAX_FILE_BYTES).toBe(10 * MiB);
    // The server's limits are the contract's constants, the same ones the form imports.
    expect(MAX_FILES_PER_LOG).toBe(contract.MAX_FILES_PER_LOG);
    expect(MAX_FILE_BYTES).toBe(contract.MAX_FILE_BYTES);
    const server = readFileSync(
      path.resolve(__dirname, '../../../../server/src/media/media-processing.ts'),
      'utf8',
    );
    expect(server).toMatch(
      /export \{ MAX_FILE_BYTES, MAX_FILES_PER_LOG \} from '\.\.\/\.\.\/\.\.\/src\/contract\/constants';/,
    );
  });

  it('takes images and PDFs up to 10 MiB, up to 10 with the ones kept', () => {
    const photo = fakeFile('a.jpg', 'image/jpeg', 10 * MiB);
    const receipt = fakeFile('r.pdf', 'application/pdf');
    const big = fakeFile('big.png', 'image/png', 10 * MiB + 1);
    const doc = fakeFile(
      'notes.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(acceptFiles([photo, receipt, big, doc], 0)).toEqual({
      accepted: [photo, receipt],
      problems: [
        { key: 'CAR_LOGS.FORM_FILE_TOO_LARGE', values: { name: 'big.png', max: '10 MB' } },
        { key: 'CAR_LOGS.FORM_FILE_TYPE', values: { name: 'notes.docx' } },
      ],
    });
    const many = Array.from({ length: 4 }, (_, i) => fakeFile(`p${i}.jpg`, 'image/jpeg'));
    const result = acceptFiles(many, 8);
    expect(result.accepted).toEqual(many.slice(0, 2));
    expect(result.problems).toEqual([{ key: 'CAR_LOGS.FORM_TOO_MANY_FILES', values: { max: 10, count: 2 } }]);
  });
});
