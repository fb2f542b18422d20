-- The Indian address form (ADR 082): a saved recipient keeps the landmark given for it, '' for
-- those saved before. Orders keep their address as JSON, so theirs needs no column; orders placed
-- before it have none and are read as ''.
ALTER TABLE "saved_addresses" ADD COLUMN "landmark" text DEFAULT '' NOT NULL;
