/* The pseudo-terminal round-trip floor for Benchmarks/compare: a program that walks through the
 * Send story's screens as the wallet_flow.py driver expects them, drawing each one the moment
 * its key arrives, with no framework, no layout and no allocation. What the driver measures for
 * it is the cost of the measurement itself (the pty, the driver's reads and its VT emulator):
 * no terminal app driven this way can show a screen faster.
 *
 * It draws the fewest bytes that carry the texts the driver looks for, so that its byte count
 * is a floor too. Keys: n opens Contacts; the second Enter there picks a contact; printable
 * characters on Amount are echoed; Enter sends (the new balance at once); Ctrl-C quits. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static void draw(const char *text) {
    /* Home, clear, text: one write, as a frame. */
    char frame[512];
    int length = snprintf(frame, sizeof frame, "\x1b[H\x1b[2J%s", text);
    if (write(STDOUT_FILENO, frame, (size_t)length) < 0) exit(1);
}

int main(void) {
    struct termios saved, raw;
    int tty = tcgetattr(STDIN_FILENO, &saved) == 0;
    if (tty) {
        raw = saved;
        cfmakeraw(&raw);
        tcsetattr(STDIN_FILENO, TCSANOW, &raw);
    }
    enum { wallet, contacts, amount, sent } state = wallet;
    int enters = 0;
    char typed[64] = "";
    size_t typedLength = 0;
    draw("Wallet\r\n\xe2\x82\xac 5,432.01\r\n\r\n( New Transfer )");
    unsigned char buffer[256];
    ssize_t count;
    while ((count = read(STDIN_FILENO, buffer, sizeof buffer)) > 0) {
        for (ssize_t i = 0; i < count; i++) {
            unsigned char key = buffer[i];
            if (key == 3) goto done; /* Ctrl-C */
            switch (state) {
            case wallet:
                if (key == 'n') {
                    state = contacts;
                    draw("Cancel   Contacts\r\nAlan Johnson\r\nBrian Freeman\r\nHeather Morgan\r\nJohn Appleseed\r\nJulia Henry");
                }
                break;
            case contacts:
                /* Down arrives as ESC O B; the contact is picked by the Enter after them. */
                if (key == '\r' && ++enters == 1) {
                    state = amount;
                    draw("Cancel   Amount   Send\r\nSent to: Heather Morgan\r\n");
                }
                break;
            case amount:
                if (key == '\r') {
                    /* The balance less the amount typed, in cents, written as en_US writes it. */
                    long cents = 0, fraction = -1;
                    for (size_t j = 0; j < typedLength; j++) {
                        if (typed[j] == '.') fraction = 0;
                        else if (typed[j] >= '0' && typed[j] <= '9' && fraction < 2) {
                            cents = cents * 10 + (typed[j] - '0');
                            if (fraction >= 0) fraction++;
                        }
                    }
                    for (; fraction < 2; fraction = fraction < 0 ? 1 : fraction + 1) cents *= 10;
                    long left = 543201 - cents;
                    char text[128];
                    char balance[32];
                    if (left >= 100000) snprintf(balance, sizeof balance, "%ld,%03ld.%02ld", left / 100000, left / 100 % 1000, left % 100);
                    else snprintf(balance, sizeof balance, "%ld.%02ld", left / 100, left % 100);
                    snprintf(text, sizeof text, "Wallet\r\n\xe2\x82\xac %s\r\nHeather Morgan  -%s\r\n( New Transfer )", balance, typed);
                    state = sent;
                    draw(text);
                } else if (key >= ' ' && key < 127 && typedLength + 1 < sizeof typed) {
                    typed[typedLength++] = (char)key;
                    typed[typedLength] = 0;
                    if (write(STDOUT_FILENO, &key, 1) < 0) exit(1);
                }
                break;
            case sent:
                break;
            }
        }
    }
done:
    if (tty) tcsetattr(STDIN_FILENO, TCSANOW, &saved);
    return 0;
}
