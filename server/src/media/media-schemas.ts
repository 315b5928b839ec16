// Answers of the media routes, for validation-free serialisation and OpenAPI.
import { Type } from 'typebox';

export const FileUse = Type.Object({
  type: Type.Union([Type.Literal('car'), Type.Literal('car log'), Type.Literal('post')]),
  id: Type.String(),
});

export const FileItem = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal('image'), Type.Literal('pdf')]),
  mime: Type.String(),
  size: Type.Integer(),
  name: Type.String(),
  url: Type.String(),
  createdAt: Type.String(),
  usedBy: Type.Array(FileUse),
});

export const FilesList = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(FileItem),
  meta: Type.Object({ totalBytes: Type.Integer(), quotaBytes: Type.Integer() }),
});

/** Multipart bodies are read in the handler; OpenAPI still gets their shape. */
export const multipartBody = (fileField: string, many: boolean) => ({
  consumes: ['multipart/form-data'],
  description: `Entity fields as form fields or one \`data\` JSON field; ${many ? 'repeatable' : 'one'} file \`${fileField}\`.`,
});
