CREATE TABLE "site_posts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "site_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"image_url" text,
	"link_url" text,
	"match_id" bigint,
	"rules" text,
	"sort_weight" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"is_published" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "site_posts_kind" CHECK ("site_posts"."kind" in ('notice', 'news', 'banner', 'activity')),
	CONSTRAINT "site_posts_language" CHECK ("site_posts"."language" in ('zh', 'zht', 'en', 'all')),
	CONSTRAINT "site_posts_window" CHECK ("site_posts"."ends_at" is null or "site_posts"."ends_at" > "site_posts"."starts_at")
);
--> statement-breakpoint
CREATE INDEX "site_posts_kind_starts" ON "site_posts" USING btree ("kind","starts_at");