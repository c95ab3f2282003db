"""The program around the rules: window, scene stack, hotkeys, settings, sound, AI worker."""
