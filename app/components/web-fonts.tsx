// Starts the background fetch of the web fonts once a page has loaded, and lets the next client-side
// navigation switch to them (app/fonts.ts). Renders nothing.
import { useEffect, useRef } from "react";
import { useLocation, useNavigation } from "react-router";
import { fetchWebFontsLater, switchToWebFonts } from "../fonts";

export function WebFonts() {
  const navigation = useNavigation();
  const location = useLocation();
  const firstLocation = useRef(location.key);
  useEffect(() => {
    fetchWebFontsLater();
  }, []);
  useEffect(() => {
    // Right after the click that started a navigation: the page is changing anyway, and a layout shift
    // within 500 ms of an input does not count against the page (CLS). A quick navigation may commit its
    // loading and idle states together, so a new location counts too.
    if (navigation.state !== "idle" || location.key !== firstLocation.current) switchToWebFonts();
  }, [navigation.state, location.key]);
  return null;
}
