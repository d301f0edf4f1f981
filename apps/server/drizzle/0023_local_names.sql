ALTER TABLE "leagues" ADD COLUMN "names" jsonb;--> statement-breakpoint
ALTER TABLE "leagues" ADD COLUMN "category_names" jsonb;--> statement-breakpoint
ALTER TABLE "sport_events" ADD COLUMN "names" jsonb;