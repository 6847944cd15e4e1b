-- A winemaker's site sells alcohol: its age rules and health message come on by default
-- (SELLS_ALCOHOL, decision 0109). Sites seeded before this key existed get it here; a site that
-- already stored its own value keeps it.
INSERT INTO "site_parameters" ("site_id", "type", "kind", "label", "value")
SELECT "id", 'SELLS_ALCOHOL', 'BOOLEAN', 'Le site vend de l''alcool', 'true'
FROM "sites"
WHERE "is_winemaker"
ON CONFLICT ("site_id", "type") DO NOTHING;
