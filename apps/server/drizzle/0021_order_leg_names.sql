ALTER TABLE "order_legs" ADD COLUMN "home_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_legs" ADD COLUMN "away_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_legs" ADD COLUMN "league_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_legs" ADD COLUMN "outcome_name" text DEFAULT '' NOT NULL;