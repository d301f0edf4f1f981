CREATE TABLE "match_predictions" (
	"user_id" bigint NOT NULL,
	"match_id" bigint NOT NULL,
	"sport_id" integer NOT NULL,
	"home_score" integer NOT NULL,
	"away_score" integer NOT NULL,
	"kick_off_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "match_predictions_user_id_match_id_pk" PRIMARY KEY("user_id","match_id")
);
--> statement-breakpoint
CREATE INDEX "match_predictions_match" ON "match_predictions" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "match_predictions_kick_off" ON "match_predictions" USING btree ("kick_off_at");