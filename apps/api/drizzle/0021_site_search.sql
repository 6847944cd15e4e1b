-- The site search (decision 0098): every searchable record keeps its words folded (accents,
-- case, markup and punctuation gone) in generated columns, written by PostgreSQL on every write,
-- whichever code writes. Plain SQL functions, no extension: the same on PGlite and PostgreSQL.
-- ' cote rotie ' keeps a space at both ends, so that a word is found at the start of a word
-- with LIKE '% cote%'.
CREATE FUNCTION search_folded(input text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN ' ' || btrim(regexp_replace(
  translate(
    lower(replace(replace(replace(replace(replace(
      regexp_replace(
        regexp_replace(
          regexp_replace(input, '<[^>]*>', ' ', 'g'),
          '&([A-Za-z])(acute|grave|circ|uml|cedil|tilde|ring|slash);', '\1', 'g'),
        '&(oe|OE)lig;', '\1', 'g'),
      'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae'), 'ß', 'ss')),
    'ÀÁÂÃÄÅàáâãäåĀāĂăĄąÇçĆćČčÈÉÊËèéêëĒēĖėĘęĚěÌÍÎÏìíîïĪīĮįÑñŃńŇňÒÓÔÕÖØòóôõöøŌōÙÚÛÜùúûüŪūŮůÝŸýÿŠšŚśŽžŹźŻżŁłŘřĐđ',
    'aaaaaaaaaaaaaaaaaacccccceeeeeeeeeeeeeeeeiiiiiiiiiiiinnnnnnoooooooooooooouuuuuuuuuuuuyyyysssszzzzzzllrrdd'),
  '(&[A-Za-z0-9#]+;|[^a-z0-9])+', ' ', 'g')) || ' ';--> statement-breakpoint
-- The texts a page shows in its blocks: titles, rich text, call-to-action and newsletter texts,
-- image captions (never an embed's code, a link or an id).
CREATE FUNCTION search_page_text(blocks jsonb) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
BEGIN ATOMIC
  SELECT coalesce(string_agg(
    coalesce(block ->> 'title', '') || ' ' ||
    CASE WHEN block ->> 'type' = 'richText' THEN coalesce(block ->> 'html', '') ELSE '' END || ' ' ||
    coalesce(block ->> 'text', '') || ' ' || coalesce(block ->> 'label', '') || ' ' ||
    coalesce(block ->> 'caption', ''), ' '), '')
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(blocks) = 'array' THEN blocks ELSE '[]'::jsonb END) AS block
  WHERE jsonb_typeof(block) = 'object';
END;--> statement-breakpoint
ALTER TABLE "blog_articles" ADD COLUMN "search_title" text GENERATED ALWAYS AS (search_folded(title)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_articles" ADD COLUMN "search_body" text GENERATED ALWAYS AS (search_folded(coalesce(summary, '') || ' ' || content)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "search_title" text GENERATED ALWAYS AS (search_folded(title)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "search_body" text GENERATED ALWAYS AS (search_folded(coalesce(summary, '') || ' ' || coalesce(content, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "search_title" text GENERATED ALWAYS AS (search_folded(title || ' ' || coalesce(menu_title, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "search_body" text GENERATED ALWAYS AS (search_folded(coalesce(meta_description, '') || ' ' || search_page_text(blocks))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_title" text GENERATED ALWAYS AS (search_folded(name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_body" text GENERATED ALWAYS AS (search_folded(coalesce(summary, '') || ' ' || coalesce(description, '') || ' ' || coalesce(appellation, '') || ' ' || coalesce(region, ''))) STORED NOT NULL;