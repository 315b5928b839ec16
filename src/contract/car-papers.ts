// A car's papers on the wire (docs/SPEC-NOTES.md "A car's home"): the registration certificate, the
// insurance card, the inspection report (contrôle technique, MOT, TÜV) or another paper, each a
// photo or a PDF attached to the car. Seen by the car's owner and members only, never public.
// Client code imports only the types from here.
import { Type, type Static } from 'typebox';

/** A car holds at most this many papers. */
export const CAR_PAPERS_MAX = 50;

export const CAR_PAPER_KINDS = ['registration', 'insurance', 'inspection', 'other'] as const;
export type CarPaperKind = (typeof CAR_PAPER_KINDS)[number];

const PaperKind = Type.Unsafe<CarPaperKind>(
  Type.Union(
    CAR_PAPER_KINDS.map((k) => Type.Literal(k)),
    {
      description:
        'registration (registration certificate), insurance (insurance card), inspection (inspection report) or other',
    },
  ),
);

/** The form fields of POST /cars/{id}/papers (multipart, with one file `file`). */
export const CarPaperInput = Type.Object({
  id: Type.Optional(
    Type.String({ format: 'uuid', description: 'Client-generated id: a repeat answers the stored paper' }),
  ),
  kind: PaperKind,
});
export type CarPaperInput = Static<typeof CarPaperInput>;

export const CarPaper = Type.Object({
  id: Type.String(),
  carId: Type.String(),
  kind: PaperKind,
  /** The file: GET `url` (the owner and the car's members only, checked when read). */
  fileId: Type.String(),
  url: Type.String({ description: "GET /media/{fileId}: the car's owner and members only" }),
  fileKind: Type.Union([Type.Literal('image'), Type.Literal('pdf')]),
  mime: Type.String(),
  name: Type.String({ description: 'The file name as uploaded' }),
  size: Type.Integer({ description: 'Bytes' }),
  width: Type.Union([Type.Integer(), Type.Null()]),
  height: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.String(),
});
export type CarPaper = Static<typeof CarPaper>;

export const CarPaperParams = Type.Object({
  id: Type.String({ format: 'uuid' }),
  paperId: Type.String({ format: 'uuid' }),
});
export type CarPaperParams = Static<typeof CarPaperParams>;
