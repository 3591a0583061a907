-- Hand-written first (drizzle-kit cannot express functions): every one- and two-character substring of a text,
-- so a search term shorter than a trigram is an exact lookup in a GIN index (decision 034). Characters, not
-- bytes: string_to_array(t, NULL) splits into characters, and the two regexp passes take the pairs that start
-- at odd and at even positions, in linear time (substr(t, i, 2) for every i is quadratic on multi-byte text).
-- No DISTINCT: GIN keeps each key once per row anyway.
CREATE FUNCTION "search_short_grams"("t" text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT string_to_array("t", NULL)
    || ARRAY(
      SELECT "pair"[1] FROM regexp_matches("t", '..', 'g') AS "pair"
      UNION ALL
      SELECT "pair"[1] FROM regexp_matches(substr("t", 2), '..', 'g') AS "pair"
    )
$$;--> statement-breakpoint
CREATE INDEX "course_search_short_grams_idx" ON "course_search" USING gin (search_short_grams("search_text"));
