// jsdom's Blob and FormData do not survive IndexedDB's structured clone / take Node's files
// (jsdom #3363): tests stub FormData with this minimal stand-in holding the calls the writers use,
// and give Node's files.
import { File as NodeFile } from 'node:buffer';

export class ListFormData {
  private list: [string, unknown][] = [];
  append(name: string, value: unknown, filename?: string) {
    this.list.push([name, typeof value === 'string' ? value : Object.assign(value as object, { filename })]);
  }
  entries() {
    return this.list[Symbol.iterator]();
  }
  get(name: string): unknown {
    return this.list.find(([key]) => key === name)?.[1] ?? null;
  }
}

/** A JPEG-typed Node file named `name`, as a File. */
export const nodePhoto = (name: string) =>
  new NodeFile(['jpeg bytes'], name, { type: 'image/jpeg' }) as unknown as File;
