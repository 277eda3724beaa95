import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { contentCheck } from "./scripts/content-plugin.ts";

export default defineConfig({
  plugins: [contentCheck(), tailwindcss(), reactRouter()],
});
