// The resale dossier: a car's history as a PDF for a buyer, and
// read-only public links to the same history. Client code imports only the types from here.
import { Type, type Static } from 'typebox';

/** What the owner may leave out of a dossier. */
export const DOSSIER_HIDE_FIELDS = ['cost', 'location', 'notes'] as const;
export type DossierHideField = (typeof DOSSIER_HIDE_FIELDS)[number];

const HideField = Type.Unsafe<DossierHideField>({ type: 'string', enum: [...DOSSIER_HIDE_FIELDS] });

export const HistoryPdfQuery = Type.Object({
  hide: Type.Optional(
    Type.String({
      maxLength: 64,
      description: 'Comma-separated fields to leave out: cost, location, notes (anything else answers 400)',
    }),
  ),
  showPlate: Type.Optional(
    Type.Boolean({
      default: false,
      description:
        "Show the car's registration plate (the owner's choice; default: not shown). The VIN and the first registration date are always shown",
    }),
  ),
});
export type HistoryPdfQuery = Static<typeof HistoryPdfQuery>;

export const HistoryLinkInput = Type.Object({
  hide: Type.Array(HideField, { maxItems: DOSSIER_HIDE_FIELDS.length, uniqueItems: true, default: [] }),
  showPlate: Type.Optional(
    Type.Boolean({
      default: false,
      description:
        "The public page and its PDF show the car's registration plate (default: not shown). The VIN is shown; the plate never is unless chosen here",
    }),
  ),
});
export type HistoryLinkInput = Static<typeof HistoryLinkInput>;

export const HistoryLinkCreated = Type.Object({
  id: Type.String(),
  url: Type.String({ description: 'The public page: anyone with it reads the history, until revoked' }),
});
export type HistoryLinkCreated = Static<typeof HistoryLinkCreated>;

export const HistoryLink = Type.Object({
  id: Type.String(),
  carId: Type.String(),
  url: Type.String(),
  hide: Type.Array(HideField),
  showPlate: Type.Optional(
    Type.Boolean({ description: 'Whether the page shows the registration plate (always answered)' }),
  ),
  createdAt: Type.String(),
});
export type HistoryLink = Static<typeof HistoryLink>;

export const HistoryTokenParams = Type.Object({
  token: Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }),
});
export type HistoryTokenParams = Static<typeof HistoryTokenParams>;

export const HistoryMediaParams = Type.Object({
  token: HistoryTokenParams.properties.token,
  mediaId: Type.String({ format: 'uuid' }),
});
export type HistoryMediaParams = Static<typeof HistoryMediaParams>;
