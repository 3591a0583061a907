// Starts the background fetch of the web fonts once a page has loaded, and lets the next client-side
// navigation switch to them (app/fonts.ts). Renders nothing.
import { useEffect } from "react";
import { useNavigation } from "react-router";
import { fetchWebFontsLater, switchToWebFonts } from "../fonts";

export function WebFonts() {
  const navigation = useNavigation();
  useEffect(() => {
    fetchWebFontsLater();
  }, []);
  useEffect(() => {
    // Right after the click that started it: the page is changing anyway, and a layout shift within
    // 500 ms of an input does not count against the page (CLS).
    if (navigation.state !== "idle") switchToWebFonts();
  }, [navigation.state]);
  return null;
}
